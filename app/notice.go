package app

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/safetext"
)

// noticeLevel colours a notice.
type noticeLevel int

const (
	levelInfo noticeLevel = iota
	levelWarn
	levelError
)

// notice is a one-line message shown in place of the hint bar until it
// expires (errors stay until the next notice). text is already drawable:
// say passes it through noticeLine.
type notice struct {
	text  string
	level noticeLevel
}

type noticeExpiredMsg struct{ gen int }

// noticeTTL is how long info notices stay.
const noticeTTL = 6 * time.Second

// noticeLine makes a notice's text one drawable row: errors arrive joined
// by newlines (config warnings) or carrying what git or a script printed,
// so each line is made safe and the lines are joined with a dot.
func noticeLine(s string) string {
	var parts []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(safetext.Line(l)); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " · ")
}

// say shows a notice and returns the command that expires it.
func (m *Model) say(level noticeLevel, text string) tea.Cmd {
	m.noticeGen++
	m.notice = notice{text: noticeLine(text), level: level}
	if level == levelError {
		return nil
	}
	gen := m.noticeGen
	return tea.Tick(noticeTTL, func(time.Time) tea.Msg { return noticeExpiredMsg{gen} })
}
