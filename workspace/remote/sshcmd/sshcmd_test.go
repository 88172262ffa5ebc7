package sshcmd

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// Every word Quote makes reaches a real POSIX shell as exactly itself:
// nothing is expanded, split or run.
func TestQuotedWordsReachTheShellAsThemselves(t *testing.T) {
	words := []string{"", "plain", "=amux-ab12-t1", "a b", "it's", `"$HOME"`, "$(touch /tmp/x)", "`id`",
		"a;b|c&d", "*", "~", "\\", "new\nline", "tab\there", "-n", "ünï"}
	line := "printf '%s\\0'"
	for _, w := range words {
		line += " " + Quote(w)
	}
	out, err := exec.Command("sh", "-c", line).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if !slices.Equal(got, words) {
		t.Fatalf("the shell read\n%q\nnot\n%q", got, words)
	}
	if Quote("amux-ab12-t1") != "amux-ab12-t1" {
		t.Error("a safe word was quoted")
	}
	if c := Command("~/bin/amux", "wait", "a b"); c[0] != "~/bin/amux" || c[2] != "'a b'" {
		t.Errorf("Command %q", c)
	}
	if c := Command("~/$(x)"); c[0] == "~/$(x)" {
		t.Error("an unsafe ~/ program stayed bare")
	}
}

// Channels join the master under the state home, never ask, refuse an
// unknown key, and put the destination after "--".
func TestChannelLines(t *testing.T) {
	o := Options{Dest: "me@box", StateHome: "/s", ConfigFile: "/cfg"}
	a := o.ChannelArgs(ForceTTY, "amux", "wait")
	want := []string{"-F", "/cfg", "-o", "ControlMaster=auto", "-o", "ControlPath=/s/ssh/%C", "-o", "ControlPersist=600",
		"-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=3",
		"-tt", "-e", "none", "--", "me@box", "amux", "wait"}
	if !slices.Equal(a, want) {
		t.Fatalf("channel %q", a)
	}
	m := o.MuxArgs(TTY, "tmux")
	if !slices.Contains(m, "ControlMaster=no") || m[len(m)-3] != "--" || m[len(m)-2] != "me@box" || !slices.Contains(m, "-t") {
		t.Fatalf("mux %q", m)
	}
	c := o.ControlArgs("forward", "-L", "127.0.0.1:1:localhost:2")
	if c[len(c)-2] != "--" || c[len(c)-1] != "me@box" || !slices.Contains(c, "-O") {
		t.Fatalf("control %q", c)
	}
	if err := (Options{Dest: "-oProxyCommand=x", StateHome: "/s"}).Check(); err == nil {
		t.Fatal("an option as destination passed the check")
	}
}
