package dialogs

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/keys"
)

// Lines is a titled, scrolling list of lines read off the update
// loop (the Health checks, a workspace's timeline). Its scope's actions
// close and refresh it (the root reads what they need, and hands the
// read to refresh); the shared view keys scroll it.
type Lines struct {
	modal.Kit
	title   string
	scope   keys.Scope
	subject string   // the workspace the lines are about ("" for none)
	lines   []string // display copies
	loading bool
	gen     int
	offset  int
}

// LinesMsg carries a Lines dialog's lines.
type LinesMsg struct {
	gen   int
	Lines []string
}

// About is the workspace the lines are about ("" for none).
func (o *Lines) About() string { return o.subject }

// In says the lines are the overlay of scope.
func (o *Lines) In(scope keys.Scope) bool { return o.scope == scope }

// Refresh reads the lines again with read, which runs off the update loop
// and returns a LinesMsg; a read overtaken by a newer one is dropped.
func (o *Lines) Refresh(read func() tea.Msg) tea.Cmd {
	o.gen++
	o.loading = true
	gen := o.gen
	return func() tea.Msg {
		msg, _ := read().(LinesMsg)
		msg.gen = gen
		return msg
	}
}

// Update implements modal.Modal: the dialog answers a message with what the root should do.
func (o *Lines) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if o.Tick(msg) {
		return nil, modal.Outcome{}
	}
	switch msg := msg.(type) {
	case LinesMsg:
		if msg.gen == o.gen {
			o.lines, o.loading = msg.Lines, false
		}
	case tea.KeyPressMsg:
		if id, ok := o.Keys.Match(msg, o.scope); ok {
			return nil, modal.Asked(id)
		}
		modal.ScrollKey(o.KM, &o.offset, msg.String(), 10)
	}
	return nil, modal.Outcome{}
}

// Waiting: the spinner turns until the first lines are in.
func (o *Lines) Waiting() bool { return o.loading && len(o.lines) == 0 }

// View implements modal.Modal: the dialog drawn at w × h.
func (o *Lines) View(w, h int) string {
	w = min(w, 110)
	inner := w - 6
	rows := max(3, h-8)
	lines := paint.WrapLines(o.lines, inner)
	if o.loading && len(lines) == 0 {
		lines = []string{o.Spinning("reading…")}
	}
	o.offset = max(0, min(o.offset, len(lines)-rows))
	end := min(len(lines), o.offset+rows)
	var b strings.Builder
	b.WriteString(o.Th.AccentStyle().Render(o.title) + "\n\n")
	for _, l := range lines[o.offset:end] {
		b.WriteString(paint.Fit(l, inner) + "\n")
	}
	footer := o.Keys.Hints(o.scope)
	if len(lines) > rows {
		footer = fmt.Sprintf("%s/%s: scroll (%d–%d of %d) · ", o.KM.First(keys.ViewUp), o.KM.First(keys.ViewDown),
			o.offset+1, end, len(lines)) + footer
	}
	b.WriteString("\n" + o.Th.MutedStyle().Render(paint.Fit(footer, inner)))
	return o.Th.Panel(true).Padding(1, 2).Width(w).Render(b.String())
}

// OpenLines opens a lines overlay about subject (a workspace ID, or ""),
// or refreshes the one already open in that scope, reading with read.
// open is the overlay open now.
func OpenLines(kit modal.Kit, open modal.Modal, title string, scope keys.Scope, subject string, read func() tea.Msg) (tea.Cmd, modal.Outcome) {
	if o, ok := open.(*Lines); ok && o.scope == scope {
		return o.Refresh(read), modal.Outcome{}
	}
	o := &Lines{Kit: kit, title: title, scope: scope, subject: subject}
	return o.Refresh(read), modal.Outcome{Open: o}
}
