package selfupdate

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/config/atomicfile"
)

func script(t *testing.T, dir, name, body string, perm os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), perm); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDefaultCandidateIsWhereGoInstallWrites(t *testing.T) {
	env := map[string]string{"HOME": "/home/u"}
	get := func(k string) string { return env[k] }
	if got := DefaultCandidate(get); got != "/home/u/go/bin/amux" {
		t.Errorf("default = %s", got)
	}
	env["GOPATH"] = "/gp1" + string(os.PathListSeparator) + "/gp2"
	if got := DefaultCandidate(get); got != "/gp1/bin/amux" {
		t.Errorf("GOPATH = %s", got)
	}
	env["GOBIN"] = "/gobin"
	if got := DefaultCandidate(get); got != "/gobin/amux" {
		t.Errorf("GOBIN = %s", got)
	}
}

func TestCheckAcceptsOnlyABinaryThatSaysItIsAmux(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	good := script(t, dir, "good", `[ "$1" = --version ] && echo "amux v1.2.3 abcdef012345" || exit 3`, 0o755)
	if v, err := Check(ctx, good); err != nil || v != "v1.2.3 abcdef012345" {
		t.Fatalf("good: %q %v", v, err)
	}
	for name, c := range map[string]struct {
		path, want string
	}{
		"another program": {script(t, dir, "ls", "echo 'ls (GNU coreutils) 9.1'", 0o755), "not an amux version"},
		"fails":           {script(t, dir, "bad", "echo boom >&2; exit 1", 0o755), "boom"},
		"not executable":  {script(t, dir, "noexec", "echo amux v1", 0o644), "not executable"},
		"a directory":     {dir, "not a regular file"},
		"missing":         {filepath.Join(dir, "nope"), "does not exist"},
		"silent":          {script(t, dir, "silent", "true", 0o755), "not an amux version"},
	} {
		if _, err := Check(ctx, c.path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", name, err, c.want)
		}
	}
}

// A candidate that never answers is killed at the deadline, with whatever
// it started (its process group).
func TestCheckKillsACandidateThatHangs(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	hang := script(t, dir, "hang", "sleep 300 & echo $! > "+pidFile+"; wait", 0o755)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := Check(ctx, hang)
	if err == nil || !strings.Contains(err.Error(), "did not answer in time") {
		t.Fatalf("err = %v", err)
	}
	b, _ := os.ReadFile(pidFile)
	pid := strings.TrimSpace(string(b))
	if pid == "" {
		t.Fatal("the script never started its child")
	}
	deadline := time.Now().Add(5 * time.Second)
	for exec.Command("kill", "-0", pid).Run() == nil {
		if time.Now().After(deadline) {
			t.Fatalf("child %s outlived the check", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestInstallReplacesTheLiveBinary(t *testing.T) {
	live := script(t, t.TempDir(), "amux", `echo "amux v1"`, 0o755)
	cand := script(t, t.TempDir(), "amux", `echo "amux v2"`, 0o755)
	res, err := Install(context.Background(), live, cand, nil)
	if err != nil || res.Version != "v2" {
		t.Fatalf("%+v %v", res, err)
	}
	if v, _ := Check(context.Background(), live); v != "v2" {
		t.Fatalf("live reports %q", v)
	}
	if v, _ := Check(context.Background(), res.Backup); v != "v1" {
		t.Fatalf("backup reports %q", v)
	}
	// A candidate that is not amux never reaches the live path.
	other := script(t, t.TempDir(), "amux", `echo "something else"`, 0o755)
	if _, err := Install(context.Background(), live, other, nil); err == nil {
		t.Fatal("a non-amux candidate installed")
	}
	if v, _ := Check(context.Background(), live); v != "v2" {
		t.Fatalf("live reports %q after a refused install", v)
	}
	// The sync failure reaches the caller with the recovery command.
	cand3 := script(t, t.TempDir(), "amux", `echo "amux v3"`, 0o755)
	n := 0
	_, err = Install(context.Background(), live, cand3, func(d string) error {
		if n++; n == 2 {
			return errors.New("EIO")
		}
		return nil
	})
	var se *atomicfile.SyncAfterError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "mv -f -- '") {
		t.Fatalf("err = %v", err)
	}
}
