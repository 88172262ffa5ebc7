package workspace

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/status/screenrules"
	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// The fake agent's ways of handling a submitted message (COMPOSER_MODE).
const (
	agentTakes  = "takes"  // shows the paste in its composer, empties it on CR
	agentKeeps  = "keeps"  // shows the paste, keeps it on CR (never takes it)
	agentQueues = "queues" // hides the paste behind a placeholder; on CR queues it as a "↳" row
	agentHides  = "hides"  // hides the paste behind a placeholder; CR changes nothing on screen
	agentWorks  = "works"  // hides the paste behind a placeholder; on CR shows a busy row above the composer
	agentLate   = "late"   // its composer shows before it reads: it drops the first paste, then takes
	agentDeaf   = "deaf"   // its composer shows but never takes input
	agentGated  = "gated"  // a folder-trust screen until <log>.open exists, then takes
)

// composerAgent is a raw-mode agent drawn like Codex (a "› <typed>"
// composer row, "↳ <text>" rows for queued messages), so the real screen
// rules read it. It asks for bracketed paste and handles a CR by mode. With
// logPath it appends every read it gets, one quoted line per read, so a
// test can see how the input was split into writes.
func composerAgent(mode, logPath string) error {
	os.Stdout.WriteString("\x1b[?2004h")
	if mode == agentGated {
		os.Stdout.WriteString("\x1b[H\x1b[2J(not ready yet)\r\n\r\n> Do you trust the contents of this directory?\r\n  1. Yes, continue\r\n  2. No, quit")
		for {
			if _, err := os.Stat(logPath + ".open"); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond) // a fake's gate: the test opens it
		}
		mode = agentTakes
	}
	var buf []byte
	var queued []string
	working, drop := false, mode == agentLate || mode == agentDeaf
	draw := func() {
		var b strings.Builder
		b.WriteString("\x1b[H\x1b[2J• ready\r\n\r\n")
		if working {
			b.WriteString("• Working (0s • esc to interrupt)\r\n")
		}
		for _, q := range queued {
			b.WriteString("  ↳ " + q + "\r\n")
		}
		shown := string(buf)
		if (mode == agentQueues || mode == agentHides || mode == agentWorks) && len(buf) > 0 {
			shown = "[Pasted Content " + strconv.Itoa(len(buf)) + " chars]"
		}
		b.WriteString("\r\n› " + shown + "\r\n\r\n  ? for shortcuts")
		os.Stdout.WriteString(b.String())
	}
	draw()
	in := make([]byte, 4096)
	for {
		n, err := os.Stdin.Read(in)
		if err != nil {
			return nil
		}
		if logPath != "" {
			if err := appendLine(logPath, strconv.Quote(string(in[:n]))); err != nil {
				return err
			}
		}
		if drop {
			// Not reading yet: the first paste is lost whole.
			drop = mode == agentDeaf || !bytes.Contains(in[:n], []byte("\x1b[201~"))
			continue
		}
		chunk := bytes.ReplaceAll(bytes.ReplaceAll(in[:n], []byte("\x1b[200~"), nil), []byte("\x1b[201~"), nil)
		for _, c := range chunk {
			if c != '\r' {
				buf = append(buf, c)
				continue
			}
			switch mode {
			case agentTakes, agentLate:
				buf = buf[:0]
			case agentWorks:
				working = true
			case agentQueues:
				queued = append(queued, strings.Join(strings.Fields(string(buf)), " "))
				buf = buf[:0]
			}
		}
		draw()
	}
}

func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(line + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// rulesComposer reads composers with the built-in screen rules, as amux
// does.
func rulesComposer(t *testing.T) ComposerReader {
	t.Helper()
	set, errs := screenrules.Load("")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return func(assistant string, screen []string) ComposerView {
		c, ok := set.Composer(assistant, screen)
		v, _ := set.Match(assistant, screen)
		return ComposerView{Ruled: set.HasComposer(assistant), Found: ok, Text: c.Text, Empty: c.Empty,
			Queued: c.Queued, State: v.State}
	}
}

// deliverAgent is a fake agent's session on a private tmux server, with
// the path its reads are logged to.
type deliverAgent struct {
	srv     *tmuxtest.Server
	session string
	pane    string
	log     string
}

func deliverSetup(t *testing.T, mode string) (*Engine, deliverAgent) {
	t.Helper()
	srv := tmuxtest.New(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	a := deliverAgent{srv: srv, session: "amux-deliver", log: filepath.Join(t.TempDir(), "reads")}
	c := srv.Session(t, a.session, nil, "sh", "-c", "stty raw -echo; exec env "+envHelper+"=composer COMPOSER_MODE="+mode+
		" COMPOSER_LOG="+shellQuote(a.log)+" "+shellQuote(self)+" -test.run=^$")
	a.pane = c.PaneID
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := tmux.CapturePane(context.Background(), srv, c.PaneID, 0, false)
		return strings.Contains(out, "ready"), "the agent never drew:\n" + out
	})
	e := newEngine(t, func(o *Options) { o.Tmux = srv.Client; o.Composer = rulesComposer(t) })
	return e, a
}

// reads returns what the agent has read so far, one entry per read.
func (a deliverAgent) reads(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(a.log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line == "" {
			continue
		}
		r, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("read log line %q: %v", line, err)
		}
		out = append(out, r)
	}
	return out
}

// A first task pasted into an agent that takes it is confirmed by its
// composer emptying.
func TestDeliverConfirmedWhenTheComposerEmpties(t *testing.T) {
	e, a := deliverSetup(t, agentTakes)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: "fix the \x1b[201~flaky\r\ntest\x07", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Confirmed || d.By != "composer emptied" {
		t.Fatalf("delivery %+v", d)
	}
}

// An agent that never empties its composer is never called confirmed.
func TestDeliverNotConfirmedWhenTheComposerKeepsTheText(t *testing.T) {
	e, a := deliverSetup(t, agentKeeps)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: a.session, Assistant: "codex",
		Text: "add the health overlay", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if d.Confirmed || !strings.HasPrefix(d.Note, "not confirmed") {
		t.Fatalf("delivery %+v", d)
	}
}

func TestPasteSafeKeepsTextAndLines(t *testing.T) {
	if got := PasteSafe("a\r\nb\tc\x1b[201~d\x03"); got != "a\nb\tc[201~d" {
		t.Fatalf("%q", got)
	}
}

// textHead is what the composer's prompt row shows of a text: the start of
// its first non-blank line.
func TestTextHeadIsTheFirstLine(t *testing.T) {
	for in, want := range map[string]string{
		"fix it\nthen test":                    "fix it",
		"\n\n  add   the\thealth overlay\nnow": "add the health o",
		"short":                                "short",
	} {
		if got := textHead(in); got != want {
			t.Errorf("textHead(%q) = %q, want %q", in, got, want)
		}
	}
}
