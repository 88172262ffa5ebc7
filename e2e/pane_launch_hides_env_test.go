package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// A managed pane receives its environment through the launch payload: the
// program sees the secret, but neither argv, pane_start_command, ps nor the
// temp dir shows it once the pane has started.
func TestPaneLaunchKeepsEnvOutOfArgv(t *testing.T) {
	srv := harness.NewServer(t)
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "seen")
	secret := "s3cr3t-" + filepath.Base(t.TempDir())
	tmp := t.TempDir()
	launch, err := tmux.PreparePaneLaunch(harness.AmuxBinary(t), tmp, tmux.PaneLaunch{
		Dir:     t.TempDir(),
		Command: `printf '%s|%s' "$AMUX_SECRET" "$PWD" > ` + status.ShellQuote(out) + `; exec sleep 300`,
		Env:     []string{"AMUX_SECRET=" + secret},
	}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	created, err := tmux.NewSession(ctx, srv, tmux.SessionSpec{Name: "amux-launch", Command: launch.Argv})
	if err != nil {
		t.Fatal(err)
	}
	tmuxtest.WaitFor(t, harness.DefaultWait, func() (bool, string) {
		b, _ := os.ReadFile(out)
		return strings.HasPrefix(string(b), secret+"|"), "pane never saw the secret: " + string(b)
	})
	start := srv.MustRun(t, "display-message", "-p", "-t", created.PaneID, "#{pane_start_command}")
	if strings.Contains(start, secret) || !strings.Contains(start, tmux.LaunchVerb) {
		t.Fatalf("pane_start_command = %q", start)
	}
	ps, err := exec.Command("ps", "-eo", "args").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(ps), secret) {
		t.Fatal("secret visible in ps")
	}
	entries, _ := os.ReadDir(tmp)
	if len(entries) != 0 {
		t.Fatalf("payload not consumed: %v", entries)
	}
}
