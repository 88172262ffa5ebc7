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

// amuxScript is a stand-in amux build: it answers the handshake as
// HandshakeMain does, reporting version.
func amuxScript(t *testing.T, dir, name, version string) string {
	t.Helper()
	return script(t, dir, name, `[ "$1" = `+HandshakeVerb+` ] || exit 3
p=$(printf '%s' "`+handshakeSalt+`$2" | sha256sum | cut -c1-32)
echo "`+handshakeTag+` $2 $p `+version+`"`, 0o755)
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

// Only a build that answers amux's handshake passes: not a program that
// prints "amux 1.0" to anything, nor one that echoes its arguments, nor
// an answer to another nonce.
func TestCheckAcceptsOnlyABinaryThatAnswersTheHandshake(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	good := amuxScript(t, dir, "good", "v1.2.3 abcdef012345")
	if v, err := Check(ctx, good); err != nil || v != "v1.2.3 abcdef012345" {
		t.Fatalf("good: %q %v", v, err)
	}
	for name, c := range map[string]struct {
		path, want string
	}{
		"a fake amux":     {script(t, dir, "fake", "echo 'amux 1.0'", 0o755), `not an amux build: ` + filepath.Join(dir, "fake") + ` printed "amux 1.0"`},
		"an echo":         {script(t, dir, "echo", `echo "`+handshakeTag+` $2 $2 v1"`, 0o755), "not an amux build"},
		"a replay":        {script(t, dir, "replay", `echo "`+handshakeTag+` 00000000000000000000000000000000 `+proof("00000000000000000000000000000000")+` v1"`, 0o755), "not an amux build"},
		"another program": {script(t, dir, "ls", "echo 'ls (GNU coreutils) 9.1'", 0o755), "not an amux build"},
		"fails":           {script(t, dir, "bad", "echo boom >&2; exit 1", 0o755), "boom"},
		"not executable":  {script(t, dir, "noexec", "echo amux v1", 0o644), "not executable"},
		"a directory":     {dir, "not a regular file"},
		"missing":         {filepath.Join(dir, "nope"), "does not exist"},
		"silent":          {script(t, dir, "silent", "true", 0o755), "not an amux build"},
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
	if err == nil || !strings.Contains(err.Error(), "in time") {
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
	live := amuxScript(t, t.TempDir(), "amux", "v1")
	cand := amuxScript(t, t.TempDir(), "amux", "v2")
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
	other := script(t, t.TempDir(), "amux", `echo "amux v9"`, 0o755)
	if _, err := Install(context.Background(), live, other, nil); err == nil {
		t.Fatal("a non-amux candidate installed")
	}
	if v, _ := Check(context.Background(), live); v != "v2" {
		t.Fatalf("live reports %q after a refused install", v)
	}
	// The sync failure reaches the caller with the recovery command.
	cand3 := amuxScript(t, t.TempDir(), "amux", "v3")
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

// HandshakeMain's answer is what Check accepts; a bad nonce is refused.
func TestHandshakeMainAnswersCheck(t *testing.T) {
	nonce, _ := newNonce()
	var out, errs strings.Builder
	if code := HandshakeMain([]string{nonce}, &out, &errs, "v1.2 (devel)"); code != 0 {
		t.Fatalf("code %d: %s", code, errs.String())
	}
	if v, ok := parseAnswer(strings.TrimSpace(out.String()), nonce); !ok || v != "v1.2 (devel)" {
		t.Fatalf("answer %q: %q %v", out.String(), v, ok)
	}
	if code := HandshakeMain([]string{"not-a-nonce"}, &out, &errs, "v1"); code != 2 {
		t.Fatalf("a bad nonce: code %d", code)
	}
}
