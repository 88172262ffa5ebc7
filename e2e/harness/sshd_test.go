package harness

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The remote side of the harness's sshd has its own HOME, state home,
// tmux socket directory and PATH, and the local side gets in with only the
// generated key and known_hosts; an unknown host key is refused.
func TestSSHDRemoteSideSharesOnlySSH(t *testing.T) {
	s := StartSSHD(t)
	fake := filepath.Join(t.TempDir(), "amux")
	writeFile(t, fake, "#!/bin/sh\necho fake amux\n")
	if err := os.Chmod(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	s.InstallAmux(t, fake)

	ssh := func(remote string) (string, error) {
		out, err := exec.Command("ssh", "-F", s.Config, "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes",
			s.Dest, remote).CombinedOutput()
		return strings.TrimSpace(string(out)), err
	}
	out, err := ssh(`echo "$HOME|$AMUX_HOME|$TMUX_TMPDIR"; amux`)
	if err != nil {
		t.Fatalf("ssh: %v\n%s", err, out)
	}
	want := s.RemoteHome + "|" + s.RemoteState + "|" + s.RemoteTmux + "\nfake amux"
	if out != want {
		t.Fatalf("remote side sees\n%s\nwant\n%s", out, want)
	}

	s.ForgetHostKey(t)
	if out, err := ssh("true"); err == nil || !strings.Contains(out, "Host key verification failed") {
		t.Fatalf("an unknown host key was not refused: %v\n%s", err, out)
	}
	if s.KnowsHostKey(t) {
		t.Fatal("the refused key was recorded")
	}
}
