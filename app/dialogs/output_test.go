package dialogs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/workspace"
)

// The output viewer follows a live file by its follower — placed at the
// end of the whole read by the read's command — appends what the file
// gains, and settles to the whole transcript when the source ends.
func TestTheOutputViewerFollowsALiveFileAndSettles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "setup.log")
	if err := os.WriteFile(path, []byte("npm ci\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var live atomic.Bool
	live.Store(true)
	src := OutputSource{name: "setup", running: live.Load,
		read: func(context.Context) (workspace.ScriptOutput, error) {
			b, err := os.ReadFile(path)
			return workspace.ScriptOutput{Text: string(b), Path: path, Live: live.Load()}, err
		}}
	idle := OutputSource{name: "run", read: func(context.Context) (workspace.ScriptOutput, error) {
		return workspace.ScriptOutput{Text: "nothing ran"}, nil
	}}
	whole, opened := NewOutput(dialogTestKit(t, outputTestActions()...), "Script output — auth-fix", []OutputSource{src, idle})
	o := opened.Open.(*Output)
	msg := whole().(outputReadMsg)
	if msg.follow == nil {
		t.Fatal("the whole read of a live file brought no follower")
	}
	step, _ := o.Update(msg)
	if o.follow != msg.follow || !o.live {
		t.Fatal("the viewer does not follow the live file")
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("added 212 packages\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	step, _ = o.Update(step()) // the follow step takes what the file gained
	if v := o.View(120, 40); !strings.Contains(v, "npm ci") || !strings.Contains(v, "added 212 packages") {
		t.Fatalf("the followed file's new line is not shown:\n%s", v)
	}
	live.Store(false)
	settleDialog(t, o, step) // the step that finds it ended reads it whole
	if o.follow != nil || o.live {
		t.Fatal("the viewer still follows a source that ended")
	}
	if v := o.View(120, 40); !strings.Contains(v, "added 212 packages") {
		t.Fatalf("the settled transcript lost the followed line:\n%s", v)
	}

	// Tab asks for the next source, which the root hands back as the
	// dialog's own action; a read of the source left behind is dropped.
	stale := o.read()
	if _, out := o.Update(dialogKey("tab")); len(out.Do) != 1 || out.Do[0] != (modal.RunAction{ID: ActNextOutput}) {
		t.Fatalf("tab asked for %+v, want the next-output action", out)
	}
	next, _ := o.Update(modal.DialogAction{ID: ActNextOutput})
	o.Update(stale())
	if o.current != 1 || strings.Contains(o.tv.View(), "npm ci") {
		t.Fatalf("after tab the viewer shows source %d with %q", o.current, o.tv.View())
	}
	settleDialog(t, o, next)
	if v := o.View(120, 40); !strings.Contains(v, "nothing ran") {
		t.Fatalf("the next source is not shown:\n%s", v)
	}
}

// settleDialog runs cmd and every command its messages lead to, handing
// each message to d alone, as the root would while d is open.
func settleDialog(t *testing.T, d modal.Modal, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 200 {
			t.Fatal("the commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			next, _ := d.Update(msg)
			queue = append(queue, next)
		}
	}
}
