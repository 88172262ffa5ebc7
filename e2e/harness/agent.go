package harness

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"amux.dev/amux/status"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// DefaultWait bounds every wait in the harness. Generous: CI machines have
// two cores and several tmux servers.
const DefaultWait = 15 * time.Second

// NewServer returns a private tmux server for one test, killed in cleanup
// with its processes waited for before the temporary directory goes.
func NewServer(t testing.TB) *tmuxtest.Server { return reapedServer(t) }

// FakeAgent is a running fake agent in a tmux session.
type FakeAgent struct {
	Session string
	PaneID  string
	logPath string
	ctlPath string
	t       testing.TB
}

// StartFakeAgent starts the fake agent as the command of a new session with
// the given tags, and waits until it is in raw mode and ready.
func StartFakeAgent(t testing.TB, srv *tmuxtest.Server, session string, tags map[string]string) *FakeAgent {
	t.Helper()
	a := PrepareFakeAgent(t)
	created := srv.Session(t, session, tags, a.Command()...)
	a.Session, a.PaneID = session, created.PaneID
	a.WaitReady(t)
	return a
}

// PrepareFakeAgent makes the log and control FIFO of a fake agent without
// starting it, for tests where something else (amux) launches the command.
func PrepareFakeAgent(t testing.TB) *FakeAgent {
	t.Helper()
	dir := t.TempDir()
	a := &FakeAgent{logPath: filepath.Join(dir, "received.log"), ctlPath: filepath.Join(dir, "ctl"), t: t}
	if err := syscall.Mkfifo(a.ctlPath, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	return a
}

// Command is the argv that runs this fake agent.
func (a *FakeAgent) Command() []string {
	return []string{FakeAgentBinary(a.t), a.logPath, a.ctlPath}
}

// ComposerCommand is ShellCommand for an agent that draws a composer and,
// on a submit, takes the text ("take") or never does ("keep").
func (a *FakeAgent) ComposerCommand(mode string) string {
	return "FAKEAGENT_COMPOSER=" + mode + " " + a.ShellCommand()
}

// ShellCommand is Command as one shell-quoted string, for configs that take
// a shell command line.
func (a *FakeAgent) ShellCommand() string {
	parts := a.Command()
	for i, p := range parts {
		parts[i] = status.ShellQuote(p)
	}
	return strings.Join(parts, " ")
}

// WaitReady waits until the agent has put its terminal in raw mode and set
// its readiness private mode.
func (a *FakeAgent) WaitReady(t testing.TB) {
	t.Helper()
	tmuxtest.WaitFor(t, DefaultWait, func() (bool, string) {
		_, err := os.Stat(a.logPath + ".ready")
		return err == nil, "fake agent never became ready"
	})
}

func (a *FakeAgent) send(line string) {
	a.t.Helper()
	f, err := os.OpenFile(a.ctlPath, os.O_WRONLY, 0)
	if err != nil {
		a.t.Fatalf("fake agent control: %v", err)
	}
	defer f.Close()
	if _, err := f.WriteString(line + "\n"); err != nil {
		a.t.Fatalf("fake agent control: %v", err)
	}
}

// Raw makes the agent print exactly these bytes.
func (a *FakeAgent) Raw(b []byte) { a.send("raw " + hex.EncodeToString(b)) }

// Print makes the agent print text.
func (a *FakeAgent) Print(s string) { a.Raw([]byte(s)) }

// Report prints an OSC 7501 report with the given payload ("state=working:…").
func (a *FakeAgent) Report(payload string) { a.Raw([]byte("\x1b]7501;" + payload + "\x1b\\")) }

// OSC133 prints an OSC 133 mark ("A", "B", "C", "D;0").
func (a *FakeAgent) OSC133(mark string) { a.Raw([]byte("\x1b]133;" + mark + "\x07")) }

// Burst prints about n bytes of coloured output.
func (a *FakeAgent) Burst(n int) { a.send(fmt.Sprintf("burst %d", n)) }

// Echo turns the on-screen echo of received input on or off.
func (a *FakeAgent) Echo(on bool) {
	if on {
		a.send("echo on")
	} else {
		a.send("echo off")
	}
}

// Exit makes the agent restore its terminal and exit with code.
func (a *FakeAgent) Exit(code int) { a.send(fmt.Sprintf("exit %d", code)) }

// Received returns every byte the agent has read from its terminal so far.
func (a *FakeAgent) Received() []byte {
	b, _ := os.ReadFile(a.logPath)
	return b
}

// WaitReceived waits until the received bytes contain want.
func (a *FakeAgent) WaitReceived(t testing.TB, want []byte) {
	t.Helper()
	tmuxtest.WaitFor(t, DefaultWait, func() (bool, string) {
		got := a.Received()
		return bytes.Contains(got, want), fmt.Sprintf("agent received %q, want it to contain %q", got, want)
	})
}

// SendKeysLiteral types text into the agent's session with send-keys -l and
// then the bytes of submit as a separate send-keys -H call, the way the
// contract tells orchestrators to.
func SendKeysLiteral(t testing.TB, srv *tmuxtest.Server, session, text string, submit []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), DefaultWait)
	defer cancel()
	if text != "" {
		if err := tmux.SendLiteral(ctx, srv, session, text); err != nil {
			t.Fatal(err)
		}
	}
	if err := tmux.SendBytes(ctx, srv, session, submit); err != nil {
		t.Fatal(err)
	}
}

// Eventually waits up to DefaultWait for cond, failing with its description.
func Eventually(t testing.TB, cond func() (bool, string)) {
	t.Helper()
	tmuxtest.WaitFor(t, DefaultWait, cond)
}
