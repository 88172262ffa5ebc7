package tmux

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPaneLaunchRoundTripIsSingleUse(t *testing.T) {
	tmp := t.TempDir()
	now := time.Now()
	l := PaneLaunch{Dir: "/tmp", Command: "echo hi", Env: []string{"SECRET=hunter2", "A_1=x=y"}}
	launch, err := PreparePaneLaunch("/bin/amux", tmp, l, now)
	argv := launch.Argv
	if err != nil {
		t.Fatal(err)
	}
	if len(argv) != 4 || argv[0] != "/bin/amux" || argv[1] != LaunchVerb || argv[2] != "run" {
		t.Fatalf("argv = %q", argv)
	}
	if strings.Contains(strings.Join(argv, " "), "hunter2") {
		t.Fatal("env value leaked into argv")
	}
	dir := filepath.Dir(argv[3])
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Fatalf("dir mode %v", fi.Mode())
	}
	if fi, _ := os.Stat(argv[3]); fi.Mode().Perm() != 0o600 {
		t.Fatalf("file mode %v", fi.Mode())
	}
	got, err := ConsumePaneLaunch(argv[3], now.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if got.Dir != l.Dir || got.Command != l.Command || strings.Join(got.Env, ",") != strings.Join(l.Env, ",") {
		t.Fatalf("got %+v", got)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatal("payload dir not removed after consume")
	}
	if _, err := ConsumePaneLaunch(argv[3], now); err == nil {
		t.Fatal("second consume succeeded")
	}
}

func TestPaneLaunchRefusals(t *testing.T) {
	tmp := t.TempDir()
	now := time.Now()
	for _, bad := range []PaneLaunch{
		{Command: "  "},
		{Command: "x", Dir: "relative/dir"},
		{Command: "x", Env: []string{"NOEQUALS"}},
		{Command: "x", Env: []string{"1BAD=v"}},
		{Command: "x", Env: []string{"BAD-KEY=v"}},
	} {
		if _, err := PreparePaneLaunch("/bin/amux", tmp, bad, now); err == nil {
			t.Errorf("PreparePaneLaunch(%+v) accepted", bad)
		}
	}

	// Too old: refused and still consumed.
	launch, err := PreparePaneLaunch("/bin/amux", tmp, PaneLaunch{Command: "x"}, now.Add(-LaunchTTL-time.Second))
	argv := launch.Argv
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ConsumePaneLaunch(argv[3], now); err == nil || !strings.Contains(err.Error(), "budget") {
		t.Fatalf("stale payload: %v", err)
	}
	if _, err := os.Stat(argv[3]); !os.IsNotExist(err) {
		t.Fatal("refused payload not consumed")
	}

	// Loosened permissions: refused.
	launch, _ = PreparePaneLaunch("/bin/amux", tmp, PaneLaunch{Command: "x"}, now)
	argv = launch.Argv
	os.Chmod(argv[3], 0o644)
	if _, err := ConsumePaneLaunch(argv[3], now); err == nil || !strings.Contains(err.Error(), "not private") {
		t.Fatalf("world-readable payload: %v", err)
	}

	// A symlink in place of the payload: refused.
	launch, _ = PreparePaneLaunch("/bin/amux", tmp, PaneLaunch{Command: "x"}, now)
	argv = launch.Argv
	os.Remove(argv[3])
	os.Symlink("/etc/passwd", argv[3])
	if _, err := ConsumePaneLaunch(argv[3], now); err == nil {
		t.Fatal("symlinked payload accepted")
	}

	// A path outside a launch dir: refused without touching it.
	other := filepath.Join(tmp, "payload.json")
	os.WriteFile(other, []byte("{}"), 0o600)
	if _, err := ConsumePaneLaunch(other, now); err == nil {
		t.Fatal("foreign path accepted")
	}
	if _, err := os.Stat(other); err != nil {
		t.Fatal("foreign file removed")
	}
}

func TestSweepPaneLaunches(t *testing.T) {
	tmp := t.TempDir()
	now := time.Now()
	freshLaunch, _ := PreparePaneLaunch("/bin/amux", tmp, PaneLaunch{Command: "x"}, now)
	staleLaunch, _ := PreparePaneLaunch("/bin/amux", tmp, PaneLaunch{Command: "x"}, now)
	fresh, stale := freshLaunch.Argv, staleLaunch.Argv
	old := now.Add(-LaunchTTL - time.Minute)
	os.Chtimes(filepath.Dir(stale[3]), old, old)
	keep := filepath.Join(tmp, "unrelated")
	os.Mkdir(keep, 0o700)
	os.Chtimes(keep, old, old)

	n, err := SweepPaneLaunches(tmp, now)
	if err != nil || n != 1 {
		t.Fatalf("swept %d, err %v", n, err)
	}
	if _, err := os.Stat(fresh[3]); err != nil {
		t.Fatal("fresh payload swept")
	}
	if _, err := os.Stat(filepath.Dir(stale[3])); !os.IsNotExist(err) {
		t.Fatal("stale payload kept")
	}
	if _, err := os.Stat(keep); err != nil {
		t.Fatal("unrelated dir swept")
	}
}
