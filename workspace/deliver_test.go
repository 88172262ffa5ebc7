package workspace

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

// composerAgent is a raw-mode agent with a composer row ("› <typed>"): it
// asks for bracketed paste and, on a CR, empties its composer when takes
// (an agent that took the message) or keeps the text (one that never does).
func composerAgent(takes bool) error {
	os.Stdout.WriteString("\x1b[?2004h")
	var buf []byte
	draw := func() {
		os.Stdout.WriteString("\x1b[H\x1b[2J● ready\r\n\r\n› " + string(buf) + "\r\n\r\n  ? for shortcuts")
	}
	draw()
	in := make([]byte, 4096)
	for {
		n, err := os.Stdin.Read(in)
		if err != nil {
			return nil
		}
		chunk := bytes.ReplaceAll(bytes.ReplaceAll(in[:n], []byte("\x1b[200~"), nil), []byte("\x1b[201~"), nil)
		for _, c := range chunk {
			if c == '\r' {
				if takes {
					buf = buf[:0]
				}
				continue
			}
			buf = append(buf, c)
		}
		draw()
	}
}

func readComposer(_ string, screen []string) ComposerView {
	for i := len(screen) - 1; i >= 0; i-- {
		if text, ok := strings.CutPrefix(screen[i], "› "); ok || screen[i] == "›" {
			text = strings.TrimSpace(text)
			return ComposerView{Found: true, Text: text, Empty: text == ""}
		}
	}
	return ComposerView{}
}

func deliverSetup(t *testing.T, takes bool) (*Engine, string) {
	t.Helper()
	srv := tmuxtest.New(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	flag := "0"
	if takes {
		flag = "1"
	}
	name := "amux-deliver"
	c := srv.Session(t, name, nil, "sh", "-c", "stty raw -echo; exec env "+envHelper+"=composer COMPOSER_TAKES="+flag+" "+shellQuote(self)+" -test.run=^$")
	tmuxtest.WaitFor(t, 10*time.Second, func() (bool, string) {
		out, _ := tmux.CapturePane(context.Background(), srv, c.PaneID, 0, false)
		return strings.Contains(out, "ready"), "the agent never drew:\n" + out
	})
	e := newEngine(t, func(o *Options) { o.Tmux = srv.Client; o.Composer = readComposer })
	return e, name
}

// A first task pasted into an agent that takes it is confirmed by its
// composer emptying.
func TestDeliverConfirmedWhenTheComposerEmpties(t *testing.T) {
	e, session := deliverSetup(t, true)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: session, Assistant: "fake",
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
	e, session := deliverSetup(t, false)
	d, err := e.Deliver(context.Background(), DeliverRequest{Session: session, Assistant: "fake",
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
