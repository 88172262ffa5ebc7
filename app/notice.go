package app

import (
	"regexp"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
)

// notice is a one-line message set into the panels' bottom edge (the
// body's last row, which holds nothing else: see noticeRow) until it
// expires (errors stay until the next notice). It never takes the footer:
// the focused pane and its keys stay in sight. text is already drawable:
// say passes it through noticeLine.
type notice struct {
	text  string
	level modal.Level
}

type noticeExpiredMsg struct{ gen int }

// noticeTTL is how long info notices stay.
const noticeTTL = 6 * time.Second

// say shows a notice and returns the command that expires it.
func (m *Model) say(level modal.Level, text string) tea.Cmd {
	m.noticeGen++
	m.notice = notice{text: paint.NoticeLine(text), level: level}
	if level == modal.LevelError {
		return nil
	}
	gen := m.noticeGen
	return tea.Tick(noticeTTL, func(time.Time) tea.Msg { return noticeExpiredMsg{gen} })
}

// paneFocused reports whether the pane f has the keys: focused, with no
// dialog over it.
func (m painter) paneFocused(f focusArea) bool { return m.focus == f && m.overlay == nil }

// noticeRow is the body's last row: the bottom edges of the panels shown
// (one rule under a zoomed tab), with the notice, if any, set into them.
func (m painter) noticeRow(l layout) string {
	th := m.th
	var row string
	if l.zoomed {
		row = paint.Rule(th, m.w, m.paneFocused(focusTabArea))
	} else {
		if l.dashWidth > 0 {
			row += paint.BottomEdge(th, l.dashWidth, m.paneFocused(focusList))
		}
		row += paint.BottomEdge(th, l.tabArea(m.w).Dx(), m.paneFocused(focusTabArea))
		if l.sideWidth > 0 {
			row += paint.BottomEdge(th, l.sideWidth, m.paneFocused(focusSidebar))
		}
	}
	if m.notice.text == "" || m.w < 8 {
		return row
	}
	st := th.TextStyle().Bold(true)
	switch m.notice.level {
	case modal.LevelWarn:
		st = th.Style(th.Warning).Bold(true)
	case modal.LevelError:
		st = th.ErrorStyle().Bold(true)
	}
	text := " " + fitNotice(m.notice.text, m.w-6) + " "
	return ansi.Cut(row, 0, 2) + st.Render(text) + ansi.Cut(row, 2+ansi.StringWidth(text), m.w)
}

// pathRun is a path in a notice: a run of non-space characters with a
// slash, up to a colon (the reason that follows an error's path).
var pathRun = regexp.MustCompile(`[^\s:'"()]*/[^\s:'"()]*`)

// fitNotice cuts a notice to w cells keeping its reason: the paths in it
// lose their middle first ("…/trusted-scripts.json"), longest first, and
// only then is the end cut. An error names the file, then why: the why is
// what the person needs, and a path is most of the width.
func fitNotice(text string, w int) string {
	for ansi.StringWidth(text) > w {
		spans := pathRun.FindAllStringIndex(text, -1)
		best := -1
		for i, sp := range spans {
			p := text[sp[0]:sp[1]]
			if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~/") && strings.Count(p, "/") < 2 {
				continue // "working/done", a key pair: not a path
			}
			if short := shortPath(p); len(short) < len(p) &&
				(best < 0 || sp[1]-sp[0] > spans[best][1]-spans[best][0]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		sp := spans[best]
		text = text[:sp[0]] + shortPath(text[sp[0]:sp[1]]) + text[sp[1]:]
	}
	return ansi.Truncate(text, w, "…")
}

// shortPath is a path by its last element: "…/name".
func shortPath(p string) string {
	trimmed := strings.TrimRight(p, "/")
	i := strings.LastIndexByte(trimmed, '/')
	if i <= 0 || strings.HasPrefix(trimmed[:i], "…") {
		return p
	}
	return "…" + trimmed[i:]
}
