package atomicfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// writeScript makes an executable shell script that prints its version.
func writeScript(t *testing.T, path, version string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	body := "#!/bin/sh\necho amux " + version + "\n"
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
}

func runVersion(t *testing.T, bin string) string {
	t.Helper()
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	return strings.TrimSpace(string(out))
}

func TestReplaceExecutableKeepsALiveBinaryAndABackup(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bin")
	live := filepath.Join(dir, "amux")
	writeScript(t, live, "v1")
	cand := filepath.Join(t.TempDir(), "gobin", "amux")
	writeScript(t, cand, "v2")

	// Whatever the moment, the live path holds a whole binary.
	var stop atomic.Bool
	var vacant atomic.Int32
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for !stop.Load() {
			b, err := os.ReadFile(live)
			if err != nil || !strings.Contains(string(b), "echo amux v") {
				vacant.Add(1)
			}
		}
	}()
	var verified string
	res, err := ReplaceExecutable(live, cand, ReplaceOptions{Verify: func(staged string) error {
		verified = runVersion(t, staged)
		if filepath.Dir(staged) != dir {
			t.Errorf("staged in %s, not beside the live binary", staged)
		}
		return nil
	}})
	stop.Store(true)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if vacant.Load() != 0 {
		t.Fatalf("the live path was missing or partial %d times", vacant.Load())
	}
	if verified != "amux v2" {
		t.Fatalf("Verify ran %q", verified)
	}
	if got := runVersion(t, live); got != "amux v2" {
		t.Fatalf("live = %q", got)
	}
	if res.Backup != live+".previous" || runVersion(t, res.Backup) != "amux v1" {
		t.Fatalf("backup %s", res.Backup)
	}
	if fi, _ := os.Stat(live); fi.Mode().Perm() != 0o755 {
		t.Fatalf("mode %v", fi.Mode())
	}
	// The candidate was copied, not moved.
	if runVersion(t, cand) != "amux v2" {
		t.Fatal("candidate gone")
	}
	assertNoStaged(t, dir)
}

// A symlinked install keeps its link: the file it leads to is replaced.
func TestReplaceExecutableThroughASymlink(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "opt", "amux")
	writeScript(t, real, "v1")
	link := filepath.Join(root, "amux-link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	cand := filepath.Join(root, "new", "amux")
	writeScript(t, cand, "v2")
	if _, err := ReplaceExecutable(link, cand, ReplaceOptions{}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if runVersion(t, link) != "amux v2" {
		t.Fatal("link does not run the new binary")
	}
}

// A refused candidate leaves everything as it was: no backup overwritten,
// nothing staged left.
func TestReplaceExecutableRefusedBeforeTheRename(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "amux")
	writeScript(t, live, "v1")
	writeScript(t, live+".previous", "v0")
	cand := filepath.Join(t.TempDir(), "amux")
	writeScript(t, cand, "v2")
	_, err := ReplaceExecutable(live, cand, ReplaceOptions{Verify: func(string) error { return errors.New("prints no version") }})
	if err == nil || !strings.Contains(err.Error(), "prints no version") {
		t.Fatalf("err = %v", err)
	}
	if runVersion(t, live) != "amux v1" || runVersion(t, live+".previous") != "amux v0" {
		t.Fatal("a refused candidate changed the live binary or the earlier backup")
	}
	assertNoStaged(t, dir)

	for name, c := range map[string]string{"a directory": t.TempDir(), "missing": filepath.Join(dir, "nope"), "itself": live} {
		if _, err := ReplaceExecutable(live, c, ReplaceOptions{}); err == nil {
			t.Errorf("%s accepted as a candidate", name)
		}
	}
	empty := filepath.Join(t.TempDir(), "amux")
	os.WriteFile(empty, nil, 0o755)
	if _, err := ReplaceExecutable(live, empty, ReplaceOptions{}); err == nil {
		t.Error("an empty file accepted")
	}
	if runVersion(t, live) != "amux v1" {
		t.Fatal("live changed")
	}
	assertNoStaged(t, dir)
}

// The sync after the rename fails: the new binary stays live (no silent
// rollback), the old one is whole at the backup, and the error's quoted mv
// command — run as printed — puts it back, even in a directory whose name
// needs quoting.
func TestReplaceExecutableSyncFailureGivesTheRecoveryCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "it's a $dir")
	live := filepath.Join(dir, "amux")
	writeScript(t, live, "v1")
	cand := filepath.Join(t.TempDir(), "amux")
	writeScript(t, cand, "v2")
	calls := 0
	_, err := ReplaceExecutable(live, cand, ReplaceOptions{SyncDir: func(d string) error {
		calls++
		if calls == 2 {
			return errors.New("injected EIO")
		}
		return syncDir(d)
	}})
	var se *SyncAfterError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v", err)
	}
	if runVersion(t, live) != "amux v2" {
		t.Fatal("the live binary was rolled back")
	}
	if runVersion(t, se.Backup) != "amux v1" {
		t.Fatal("backup incomplete")
	}
	cmd := RecoveryCommand(se.Backup, se.Live)
	if !strings.Contains(err.Error(), cmd) || !strings.Contains(err.Error(), "injected EIO") {
		t.Fatalf("message %q lacks %q", err, cmd)
	}
	if out, err := exec.Command("sh", "-c", cmd).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v %s", cmd, err, out)
	}
	if runVersion(t, live) != "amux v1" {
		t.Fatal("the recovery command did not restore the old binary")
	}
	// A failed sync before the rename is an ordinary refusal.
	writeScript(t, cand, "v3")
	_, err = ReplaceExecutable(live, cand, ReplaceOptions{SyncDir: func(string) error { return errors.New("EIO") }})
	if err == nil || errors.As(err, &se) || runVersion(t, live) != "amux v1" {
		t.Fatalf("pre-rename sync failure: %v", err)
	}
	assertNoStaged(t, dir)
}

func TestSweepStagedRemovesOnlyOldLeftovers(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, stagedPrefix+"1")
	young := filepath.Join(dir, stagedPrefix+"2")
	other := filepath.Join(dir, "amux")
	for _, p := range []string{old, young, other} {
		os.WriteFile(p, []byte("x"), 0o700)
	}
	past := time.Now().Add(-2 * time.Hour)
	os.Chtimes(old, past, past)
	got := SweepStaged(dir, time.Hour, time.Now())
	if len(got) != 1 || got[0] != old {
		t.Fatalf("removed %v", got)
	}
	for _, p := range []string{young, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed", p)
		}
	}
}

func assertNoStaged(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), stagedPrefix) || strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// A staged copy a killed replacement left beside the binary goes with the
// next replacement (a young one, maybe another's running now, stays).
func TestReplaceExecutableSweepsALeftoverStagedCopy(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "amux")
	writeScript(t, live, "v1")
	old, young := filepath.Join(dir, stagedPrefix+"killed"), filepath.Join(dir, stagedPrefix+"running")
	writeScript(t, old, "v0")
	writeScript(t, young, "v0")
	past := time.Now().Add(-time.Hour)
	if err := os.Chtimes(old, past, past); err != nil {
		t.Fatal(err)
	}
	cand := filepath.Join(t.TempDir(), "amux")
	writeScript(t, cand, "v2")
	res, err := ReplaceExecutable(live, cand, ReplaceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Swept) != 1 || res.Swept[0] != old {
		t.Fatalf("swept %v", res.Swept)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Fatalf("the killed replacement's copy is still there: %v", err)
	}
	if _, err := os.Stat(young); err != nil {
		t.Fatalf("a young staged copy was removed: %v", err)
	}
}
