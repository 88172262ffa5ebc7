package dialogs

import (
	"context"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/textview"
	"amux.dev/amux/workspace"
)

// The output viewer's scope and its own actions (rows in the root's table).
const (
	ScopeOutput     keys.Scope    = "output" // the script output viewer is open
	ActNextOutput   keys.ActionID = "next-script-output"
	ActPrevOutput   keys.ActionID = "prev-script-output"
	ActReloadOutput keys.ActionID = "reload-script-output"
	ActCloseOutput  keys.ActionID = "close-script-output"
)

// Output shows captured output in a ui/textview — searchable with
// /, n and N — one source at a time: a workspace's lifecycle scripts (O),
// or amux's own log. While a source is live it is followed: a file through
// workspace.Follower (the setup section streams as it runs), a hosted run
// by reading its pane again; when it ends the view settles to the whole
// transcript.
type Output struct {
	modal.Kit
	title   string
	sources []OutputSource
	current int
	tv      textview.Model
	live    bool
	follow  *workspace.Follower
	gen     int // drops reads of a source no longer shown
	err     string
}

// OutputSource is one thing the viewer can show.
type OutputSource struct {
	name string
	read func(ctx context.Context) (workspace.ScriptOutput, error)
	// running says, cheaply, whether a followed file is still being
	// written (nil: read the source again to know).
	running func() bool
}

type outputReadMsg struct {
	gen   int
	out   workspace.ScriptOutput
	err   error
	tail  []byte // a follow step's new bytes
	next  bool   // a follow step (else a whole read)
	reset bool   // the followed file was replaced
	// follow is, after a whole read of a live file, a follower placed at
	// its end: made by the command, since finding the end is I/O.
	follow *workspace.Follower
}

// followEvery is how often a live source is read again.
const followEvery = 200 * time.Millisecond

// outputCap is what the viewer reads of a source at once.
const outputCap = 256 << 10

// ScriptSources are workspace id's lifecycle scripts' outputs, read
// through trust.
func ScriptSources(trust workspace.TrustService, id string) []OutputSource {
	var sources []OutputSource
	for _, k := range []workspace.ScriptKind{workspace.KindSetup, workspace.KindRun, workspace.KindArchive, workspace.KindOnDone} {
		sources = append(sources, OutputSource{name: string(k),
			read: func(ctx context.Context) (workspace.ScriptOutput, error) {
				return trust.Output(ctx, id, k, outputCap)
			},
			running: func() bool { return trust.ScriptRunning(id, k) },
		})
	}
	return sources
}

// LogSources is amux's own log at path.
func LogSources(path string) []OutputSource {
	return []OutputSource{{name: "amux.log", read: func(context.Context) (workspace.ScriptOutput, error) {
		b, err := workspace.ReadTail(path, outputCap)
		return workspace.ScriptOutput{Text: string(b), Path: path}, err
	}}}
}

// NewOutput opens the viewer over sources, reading the first.
func NewOutput(kit modal.Kit, title string, sources []OutputSource) (tea.Cmd, modal.Outcome) {
	o := &Output{Kit: kit, title: title, sources: sources, tv: textview.New(kit.Th, kit.KM)}
	o.tv.SetEmptyText("nothing captured yet")
	return o.read(), modal.Outcome{Open: o}
}

// step shows the next (1) or previous (-1) source.
func (o *Output) step(by int) tea.Cmd {
	o.current = (o.current + len(o.sources) + by) % len(o.sources)
	o.tv.SetText("")
	return o.read()
}

// read reads the shown source whole.
func (o *Output) read() tea.Cmd {
	o.gen++
	gen, src := o.gen, o.sources[o.current]
	return func() tea.Msg { return readWhole(gen, src) }
}

// readWhole reads src whole (off the update loop), with a follower at the
// end of what it read when the source is a live file.
func readWhole(gen int, src OutputSource) outputReadMsg {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := src.read(ctx)
	msg := outputReadMsg{gen: gen, out: out, err: err}
	if out.Live && out.Path != "" {
		msg.follow = followerAt(out.Path, len(out.Text))
	}
	return msg
}

// followStep waits a moment, then takes what the followed file gained, or
// reads a source without a file (a hosted run's pane) again.
func (o *Output) followStep() tea.Cmd {
	gen, fl, src := o.gen, o.follow, o.sources[o.current]
	every := followEvery
	if fl == nil {
		every = 5 * followEvery // a pane is read whole: less often
	}
	return tea.Tick(every, func(time.Time) tea.Msg {
		if fl == nil || src.running == nil {
			return readWhole(gen, src)
		}
		live := src.running() // before the read: what it wrote up to its end is in the file
		data, reset, err := fl.Next(outputCap)
		return outputReadMsg{gen: gen, out: workspace.ScriptOutput{Live: live}, err: err, tail: data, next: true, reset: reset}
	})
}

// Update applies the overlay's own reads and actions (the next or previous
// source, a reload); a key of its scope (when the search field is not
// taking typing) runs through the root, the rest go to the text view.
func (o *Output) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case outputReadMsg:
		return o.onRead(msg), modal.Outcome{}
	case modal.DialogAction:
		switch msg.ID {
		case ActNextOutput:
			return o.step(1), modal.Outcome{}
		case ActPrevOutput:
			return o.step(-1), modal.Outcome{}
		case ActReloadOutput:
			return o.read(), modal.Outcome{}
		}
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseWheelMsg:
		if k, ok := msg.(tea.KeyPressMsg); ok && !o.tv.Searching() {
			if id, ok := o.Keys.Match(k, ScopeOutput); ok {
				return nil, modal.Asked(id)
			}
		}
		tv, cmd, _ := o.tv.Update(msg)
		o.tv = tv
		return cmd, modal.Outcome{}
	}
	return nil, modal.Outcome{}
}

// onRead applies a read: a whole read replaces the text (and starts
// following when the source is live), a follow step appends; the read
// that finds the source no longer live settles the view to the whole
// transcript.
func (o *Output) onRead(msg outputReadMsg) tea.Cmd {
	if msg.gen != o.gen {
		return nil
	}
	o.err = ""
	if msg.err != nil {
		o.err = paint.ErrText(msg.err)
	}
	wasLive := o.live
	o.live = msg.out.Live
	o.tv.SetLive(o.live)
	switch {
	case msg.next && !o.live:
		o.follow = nil
		return o.read() // it ended: settle to the whole transcript
	case msg.next && msg.reset:
		o.follow = nil
		return o.read()
	case msg.next:
		o.tv.Append(msg.tail)
	default:
		o.tv.SetText(msg.out.Text)
		if o.live && msg.follow != nil && !wasLive {
			o.follow = msg.follow
		}
	}
	if o.live {
		return o.followStep()
	}
	return nil
}

// followerAt follows path from the end of what a whole read returned.
func followerAt(path string, read int) *workspace.Follower {
	fl := workspace.NewFollower(path)
	if fi, err := os.Stat(path); err == nil && fi.Size() >= int64(read) {
		_, _, _ = fl.Next(int(fi.Size())) // skip what is shown
	}
	return fl
}

// View implements modal.Modal: the dialog drawn at w × h.
func (o *Output) View(w, h int) string {
	th := o.Th
	inner := w - 6
	var tabs strings.Builder
	for i, s := range o.sources {
		st := th.MutedStyle()
		if i == o.current {
			st = th.SelectedStyle()
		}
		tabs.WriteString(st.Render(" "+s.name+" ") + " ")
	}
	head := th.AccentStyle().Render(paint.Fit(o.title, inner)) + "\n" + tabs.String() + "\n"
	if o.err != "" {
		head += th.ErrorStyle().Render(paint.Fit(o.err, inner)) + "\n"
	}
	o.tv.SetSize(inner, max(3, h-8-strings.Count(head, "\n")))
	km := o.KM
	foot := km.First(ActNextOutput) + ": next · " + km.First(ActReloadOutput) + ": reload · " + km.First(ActCloseOutput) + ": close · " +
		km.First(keys.ViewSearch) + ": search"
	return th.Panel(true).Padding(1, 2).Width(w).Render(head + "\n" + o.tv.View() + "\n" + th.MutedStyle().Render(paint.Fit(foot, inner)))
}
