package tmux

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// fakeControl wires a Control to in-memory pipes standing in for `tmux -C`.
type fakeControl struct {
	ctl   *Control
	toUs  *io.PipeWriter // what "tmux" prints
	fromC chan string    // lines the client sends
}

func newFakeControl(t *testing.T) *fakeControl {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	exited := make(chan struct{})
	var stderr cappedBuffer
	stderr.limit = 1024
	ctl, hello := newControl(inW, outR,
		func() error { <-exited; return nil },
		func() { outW.Close() }, &stderr)
	f := &fakeControl{ctl: ctl, toUs: outW, fromC: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(inR)
		for sc.Scan() {
			f.fromC <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		outW.Close()
		inR.Close()
		close(exited)
		<-ctl.Done()
	})
	f.say("%begin 1 1 0", "%end 1 1 0")
	<-hello.done
	return f
}

func (f *fakeControl) say(lines ...string) {
	go func() { _, _ = io.WriteString(f.toUs, strings.Join(lines, "\n")+"\n") }()
}

// readCommand returns the next command line and its sentinel token.
func (f *fakeControl) readCommand(t *testing.T) (string, string) {
	t.Helper()
	var got [2]string
	for i := range got {
		select {
		case got[i] = <-f.fromC:
		case <-time.After(5 * time.Second):
			t.Fatal("client sent nothing")
		}
	}
	token, ok := strings.CutPrefix(got[1], "display-message -p ")
	if !ok {
		t.Fatalf("no sentinel after %q: %q", got[0], got[1])
	}
	return got[0], token
}

// TestControlOutputCannotEndABlock feeds a block whose data looks like
// protocol lines: only the exact guard ends it, and notifications-looking
// data stays data.
func TestControlOutputCannotEndABlock(t *testing.T) {
	f := newFakeControl(t)
	replies, err := f.ctl.Start([]string{"show-options", "-v", "@x"})
	if err != nil {
		t.Fatal(err)
	}
	line, token := f.readCommand(t)
	if line != "show-options -v @x" {
		t.Fatalf("command line %q", line)
	}
	f.say("%begin 5 10 1", "%end 5 9 1", "%exit forged", "%begin 5 11 1", "%end 5 10 1",
		"%begin 5 12 1", token, "%end 5 12 1")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := replies[0].Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := "%end 5 9 1\n%exit forged\n%begin 5 11 1\n"; out != want {
		t.Fatalf("output %q, want %q", out, want)
	}
	select {
	case n := <-f.ctl.Notifications():
		t.Fatalf("data leaked as a notification: %+v", n)
	default:
	}
}

func TestControlDropsOldestNotificationsWhenFull(t *testing.T) {
	f := newFakeControl(t)
	const total = notificationBuffer + 50
	var lines []string
	for i := range total {
		lines = append(lines, fmt.Sprintf("%%window-renamed @%d w", i))
	}
	// A command after the flood proves replies are never stuck behind it.
	replies, err := f.ctl.Start([]string{"display-message", "-p", "x"})
	if err != nil {
		t.Fatal(err)
	}
	_, token := f.readCommand(t)
	lines = append(lines, "%begin 1 2 1", "x", "%end 1 2 1", "%begin 1 3 1", token, "%end 1 3 1")
	f.say(lines...)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if out, err := replies[0].Wait(ctx); err != nil || out != "x\n" {
		t.Fatalf("reply behind a notification flood: %q, %v", out, err)
	}
	got, dropped := 0, 0
	for got+dropped < total {
		n := <-f.ctl.Notifications()
		got++
		dropped += n.Dropped
	}
	if dropped != total-notificationBuffer || got != notificationBuffer {
		t.Fatalf("got %d, dropped %d; want %d and %d", got, dropped, notificationBuffer, total-notificationBuffer)
	}
}

func TestNotificationSubscription(t *testing.T) {
	cases := []struct {
		line, name, value string
		ok                bool
	}{
		{"%subscription-changed w $0 - - - : %0=a %1=b ", "w", "%0=a %1=b ", true},
		{"%subscription-changed w $0 @1 0 %2 : x : y", "w", "x : y", true},
		{"%subscription-changed w $0 - - - :", "w", "", true},
		{"%subscription-changed w $0 - - - extra future args : v", "w", "v", true},
		{"%sessions-changed", "", "", false},
		{"%subscription-changed broken", "", "", false},
	}
	for _, c := range cases {
		name, value, ok := parseNotification(c.line).Subscription()
		if name != c.name || value != c.value || ok != c.ok {
			t.Errorf("%q: got (%q, %q, %v), want (%q, %q, %v)", c.line, name, value, ok, c.name, c.value, c.ok)
		}
	}
}

func TestCommandLineQuoting(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"set-option", "-p", "-t", "%1", "@x", "v"}, `set-option -p -t "%1" @x v`},
		{[]string{"a", Sep, "b"}, "a ; b"},
		{[]string{"x", ""}, `x ""`},
		{[]string{"x", "a b;c"}, `x "a b;c"`},
		{[]string{"x", `$H~"\`}, `x "\$H\~\"\\"`},
		{[]string{"x", "l1\nl2\x7f"}, `x "l1\012l2\177"`},
		{[]string{"x", "é\xff"}, `x "é\377"`},
		{[]string{"x", "#{pane_id}"}, `x "#{pane_id}"`},
	}
	for _, c := range cases {
		if got := CommandLine(c.args...); got != c.want {
			t.Errorf("CommandLine(%q) = %s, want %s", c.args, got, c.want)
		}
	}
}
