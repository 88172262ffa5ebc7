package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/ui/keys"
)

// driver runs the root model in process the way a person meets it: typed
// keys in (an action's key, resolved through the registry, or text), the
// plain screen out. The commands the model answers with run as Bubble
// Tea would run them, their messages fed back, until they settle; timers
// are left unfired, so a screen never depends on how fast the machine is.
// It is for dialog and focus stories, which need no tmux, PTY or process:
// those stay in e2e.
type driver struct {
	t *testing.T
	m *Model
	// quiet is how long a command may take before it counts as a watch
	// (real git in a small repository answers in milliseconds, so a
	// second is ample even on a busy machine).
	quiet time.Duration
	// watches are the commands found waiting on the world: not run again.
	watches map[string]bool
	// hold keeps the commands from running at all: for screens of tabs
	// made up in the test, whose sessions do not exist (an attach would
	// fail and drop them). The screen is then the model's alone.
	hold bool
}

// driverNow is the driver's clock: the sample workspaces were created
// half an hour before, so relative times read the same on every run.
var driverNow = time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)

// newDriver is the sample workbench (two projects, four workspaces, one
// dirty) at w×h with the list focused, on a clock that does not move.
func newDriver(t *testing.T, w, h int) *driver {
	t.Helper()
	onlyGitOnPath(t)
	m := New(withEngine(Deps{Config: config.Defaults(), Now: func() time.Time { return driverNow }, Zone: time.UTC,
		Home: "/home/dev", Cwd: "/home/dev"}, testEngine(t)))
	d := &driver{t: t, m: m, quiet: time.Second, watches: map[string]bool{}}
	d.Send(tea.WindowSizeMsg{Width: w, Height: h})
	d.Send(loadedMsg{gen: m.loadGen, snap: sampleSnapshot()})
	d.Send(dirtyMsg{map[string]bool{"2222222222222222": true}})
	return d
}

// Press presses the first key bound to action id, as a person would: the
// test names what the person does, the registry says which key that is
// (so a remapped key or a clash shows up here too).
func (d *driver) Press(id keys.ActionID) *driver {
	d.t.Helper()
	a, ok := d.m.reg.Get(id)
	if !ok || len(a.Keys) == 0 {
		d.t.Fatalf("no key for action %q", id)
	}
	return d.Key(a.Keys[0])
}

// Key presses one key by its Bubble Tea name ("enter", "ctrl+space",
// "D"): for a key a dialog reads that is no registry action.
func (d *driver) Key(name string) *driver {
	d.t.Helper()
	d.Send(keyPress(d.t, name))
	return d
}

// Type types text one key at a time, as a person types into a field.
func (d *driver) Type(text string) *driver {
	d.t.Helper()
	for _, r := range text {
		s := string(r)
		if r == ' ' {
			d.Send(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
			continue
		}
		d.Send(tea.KeyPressMsg{Code: r, Text: s})
	}
	return d
}

// Send hands msg to the model and runs what it answers with.
func (d *driver) Send(msg tea.Msg) *driver {
	d.t.Helper()
	_, cmd := d.m.Update(msg)
	d.settle(cmd)
	return d
}

// Screen is the plain text of what the terminal shows now, one line a
// row, trailing blanks trimmed.
func (d *driver) Screen() string { return screenText(d.m) }

// Sees fails the test unless every text is on the screen.
func (d *driver) Sees(texts ...string) *driver {
	d.t.Helper()
	s := d.Screen()
	for _, want := range texts {
		if !strings.Contains(s, want) {
			d.t.Fatalf("%q is not on the screen:\n%s", want, s)
		}
	}
	return d
}

// DoesNotSee fails the test if any text is on the screen.
func (d *driver) DoesNotSee(texts ...string) *driver {
	d.t.Helper()
	s := d.Screen()
	for _, bad := range texts {
		if strings.Contains(s, bad) {
			d.t.Fatalf("%q is still on the screen:\n%s", bad, s)
		}
	}
	return d
}

// Footer is the screen's last row: the hint bar, which names the focus.
func (d *driver) Footer() string {
	r := strings.Split(strings.TrimSuffix(d.Screen(), "\n"), "\n")
	return r[len(r)-1]
}

// timerCmd reports whether c only waits (a tea.Tick, a spinner's frame, a
// cursor's blink): the driver leaves time standing, so a timer never fires.
func timerCmd(c tea.Cmd) bool {
	name := runtime.FuncForPC(reflect.ValueOf(c).Pointer()).Name()
	return strings.Contains(name, "bubbletea/v2.Tick") || strings.Contains(name, "bubbletea/v2.Every") ||
		strings.Contains(name, "bubbles/v2/spinner.") || strings.Contains(name, "bubbles/v2/cursor.")
}

// settle runs cmd and every command its messages lead to, each message
// handed to the model, as Bubble Tea's loop does, but one command at a
// time in the order they were asked for: Bubble Tea runs them at once and
// takes answers as they come, which would make a screen depend on which
// git call won. A command that has not answered within quiet waits for
// the world to change (a file watch): it is dropped, and a command of the
// same function is not run again (it would only wait).
func (d *driver) settle(cmd tea.Cmd) {
	d.t.Helper()
	if d.hold {
		return
	}
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 1000 {
			d.t.Fatal("the commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil || timerCmd(c) {
			continue
		}
		name := runtime.FuncForPC(reflect.ValueOf(c).Pointer()).Name()
		if d.watches[name] {
			continue
		}
		answer := make(chan tea.Msg, 1) // a dropped watch may still answer
		go func() { answer <- c() }()
		var msg tea.Msg
		select {
		case msg = <-answer:
		case <-time.After(d.quiet):
			if debugSettle {
				d.t.Logf("dropped %s, still running", name)
			}
			d.watches[name] = true
			continue
		}
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			if cmds, ok := sequence(msg); ok {
				queue = append(queue, cmds...)
				continue
			}
			_, next := d.m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// sequence unpacks tea.Sequence's message (an unexported slice of
// commands), which the driver runs in order as it runs every command.
func sequence(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeOf(tea.Cmd(nil)) {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}

// keyPress is the key message Bubble Tea sends for the key named name,
// checked: its String() is name, which is what the registry matches.
func keyPress(t testing.TB, name string) tea.KeyPressMsg {
	t.Helper()
	named := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
		"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight, "home": tea.KeyHome, "end": tea.KeyEnd,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	}
	var k tea.KeyPressMsg
	rest := name
	for {
		mod, tail, ok := strings.Cut(rest, "+")
		if !ok || tail == "" {
			break
		}
		switch mod {
		case "ctrl":
			k.Mod |= tea.ModCtrl
		case "alt":
			k.Mod |= tea.ModAlt
		case "shift":
			k.Mod |= tea.ModShift
		default:
			t.Fatalf("key %q: unknown modifier %q", name, mod)
		}
		rest = tail
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(rest, "f")); err == nil && strings.HasPrefix(rest, "f") && n >= 1 && n <= 20 {
		k.Code = tea.KeyF1 + rune(n-1)
	} else if code, ok := named[rest]; ok {
		k.Code = code
	} else if r := []rune(rest); len(r) == 1 {
		k.Code = r[0]
		if k.Mod == 0 || k.Mod == tea.ModShift && rest != strings.ToLower(rest) {
			k.Text = rest
			k.Mod = 0
		}
	} else {
		t.Fatalf("key %q: unknown key %q", name, rest)
	}
	if k.String() != name {
		t.Fatalf("key %q reads back as %q", name, k.String())
	}
	return k
}

// Every key of the action table is one the driver can press: a key name
// it could not build would make a story press the wrong key.
func TestDriverPressesEveryKeyOfTheTable(t *testing.T) {
	for _, a := range allActions() {
		for _, k := range a.Keys {
			keyPress(t, k)
		}
	}
}

// debugSettle logs every command the driver runs or drops.
const debugSettle = false

// onlyGitOnPath leaves git alone on PATH: the screens name the assistants
// that are missing, and which are installed differs between machines.
func onlyGitOnPath(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	if g, err := exec.LookPath("git"); err == nil {
		if err := os.Symlink(g, filepath.Join(dir, "git")); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
}
