package main

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/termview"
)

// root is the benchmark's Bubble Tea model: a row of embedded views, as the
// app will have, plus the bookkeeping that timestamps echoes as they reach
// the model.
type root struct {
	views   []termview.Model
	visible []int // views laid out left to right
	echo    *echoWait
	enter   *enterWait
	texts   []textWait
}

// Messages the benchmark sends into the program.
type (
	addViewMsg struct {
		term *termview.Terminal
		done chan int
	}
	layoutMsg struct {
		visible []int
		focused int
		done    chan struct{}
	}
	typeMsg struct {
		view int
		r    rune
		sent time.Time
		done chan time.Duration
	}
	enterMsg struct {
		view int
		done chan struct{}
	}
	waitTextMsg struct {
		view int
		text string
		done chan struct{}
	}
)

// echoWait is an expected echo: a frame newer than seq whose cell just
// left of the cursor holds char. Position is not predicted from the frame
// on screen when the key was sent, as frame pacing may have left that frame
// behind earlier echoes.
type echoWait struct {
	view int
	seq  uint64
	char string
	sent time.Time
	done chan time.Duration
}

type enterWait struct {
	view int
	done chan struct{}
}

type textWait struct {
	view int
	text string
	done chan struct{}
}

func (r *root) Init() tea.Cmd { return nil }

func (r *root) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case addViewMsg:
		v := termview.New(msg.term)
		v.Blur()
		r.views = append(r.views, v)
		msg.done <- len(r.views) - 1
		return r, v.Init()
	case layoutMsg:
		r.visible = msg.visible
		for i := range r.views {
			if i == msg.focused || contains(msg.visible, i) {
				r.views[i].Focus()
			} else {
				r.views[i].Blur()
			}
		}
		x := 0
		for _, i := range r.visible {
			r.views[i].SetOrigin(x, 0)
			w, _ := r.views[i].Size()
			x += w
		}
		close(msg.done)
		return r, nil
	case typeMsg:
		r.echo = &echoWait{view: msg.view, seq: r.views[msg.view].Frame().Seq, char: string(msg.r), sent: msg.sent, done: msg.done}
		return r.forward(msg.view, tea.KeyPressMsg{Code: msg.r, Text: string(msg.r)})
	case enterMsg:
		r.enter = &enterWait{view: msg.view, done: msg.done}
		return r.forward(msg.view, tea.KeyPressMsg{Code: tea.KeyEnter})
	case waitTextMsg:
		r.texts = append(r.texts, textWait{view: msg.view, text: msg.text, done: msg.done})
		r.check(msg.view)
		return r, nil
	case termview.Msg:
		for i := range r.views {
			if r.views[i].Terminal() == msg.Terminal() {
				m, cmd := r.forward(i, msg)
				r.check(i)
				return m, cmd
			}
		}
	}
	return r, nil
}

func (r *root) forward(i int, msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	r.views[i], cmd = r.views[i].Update(msg)
	return r, cmd
}

// check resolves the waits that view i's newest frame satisfies.
func (r *root) check(i int) {
	f := r.views[i].Frame()
	if f == nil {
		return
	}
	if e := r.echo; e != nil && e.view == i && f.Seq > e.seq && f.Cursor.X > 0 {
		if c := r.views[i].Terminal().Cell(f.Cursor.X-1, f.Cursor.Y); c.Content == e.char {
			e.done <- time.Since(e.sent)
			r.echo = nil
		}
	}
	if e := r.enter; e != nil && e.view == i && f.Cursor.X == 0 {
		close(e.done)
		r.enter = nil
	}
	if len(r.texts) == 0 {
		return
	}
	text := ansi.Strip(strings.Join(r.views[i].Terminal().Lines(), "\n"))
	kept := r.texts[:0]
	for _, w := range r.texts {
		if w.view == i && strings.Contains(text, w.text) {
			close(w.done)
			continue
		}
		kept = append(kept, w)
	}
	r.texts = kept
}

// View lays the visible views side by side. Every view row is exactly its
// width, so rows are simply concatenated; lipgloss.JoinHorizontal would
// measure every line again on every message, and cost more than everything
// else here put together.
func (r *root) View() tea.View {
	var cols [][]string
	var cursor *tea.Cursor
	x := 0
	for _, i := range r.visible {
		v := r.views[i]
		cols = append(cols, strings.Split(v.View(), "\n"))
		if c := v.Cursor(); c != nil && cursor == nil {
			c.X += x
			cursor = c
		}
		w, _ := v.Size()
		x += w
	}
	var b strings.Builder
	for y := 0; len(cols) > 0 && y < len(cols[0]); y++ {
		if y > 0 {
			b.WriteByte('\n')
		}
		for _, c := range cols {
			if y < len(c) {
				b.WriteString(c[y])
			}
		}
	}
	view := tea.NewView(b.String())
	view.AltScreen = true
	view.Cursor = cursor
	return view
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
