package app

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/status/health"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
)

// healthTimeout bounds one run of the checks.
const healthTimeout = 10 * time.Second

// healthNoticeMsg is the start-up check's result.
type healthNoticeMsg struct{ findings []health.Finding }

// healthInputs is what the checks look at: tmux, the monitor's latest view
// of every session, and the files amux reads.
func (m *Model) healthInputs() health.Inputs {
	sessions := make(map[string]monitor.SessionState, len(m.states))
	for k, v := range m.states {
		sessions[k] = v
	}
	in := health.Inputs{Tmux: m.deps.Tmux, Sessions: sessions, Now: m.now(),
		GateAfter: time.Duration(m.deps.Config.Status.StuckAfterMs) * time.Millisecond}
	if m.deps.StateHome != "" {
		for _, name := range []string{config.FileName, "projects.json", "project-env.json", "project-scripts.json",
			"trusted-scripts.json", "port-reservations.json"} {
			in.Registries = append(in.Registries, health.Registry{Name: name, Path: filepath.Join(m.deps.StateHome, name)})
		}
	}
	if m.deps.Rules != nil {
		in.RuleErrs = m.deps.Rules.Errs()
	}
	return in
}

// runHealth runs the checks off the update loop.
func runHealth(in health.Inputs) []health.Finding {
	ctx, cancel := context.WithTimeout(context.Background(), healthTimeout)
	defer cancel()
	return health.Check(ctx, in)
}

// startupHealth runs the checks once, after the monitor's first word on the
// sessions, and shows one notice when something is wrong.
func (m *Model) startupHealth() tea.Cmd {
	if m.healthChecked || m.deps.Tmux == nil {
		return nil
	}
	m.healthChecked = true
	in := m.healthInputs()
	return func() tea.Msg { return healthNoticeMsg{runHealth(in)} }
}

// onHealthNotice shows the start-up check's single notice.
func (m *Model) onHealthNotice(msg healthNoticeMsg) tea.Cmd {
	s := health.Summary(msg.findings)
	if s == "" || (m.notice.text != "" && m.notice.level >= levelWarn) {
		return nil // one notice: a warning on screen (a bad config) already says something is wrong
	}
	// The key first: a long finding is cut at the screen's edge, the way
	// to its fix must not be.
	return m.say(levelWarn, "Health ("+m.keyName(actHealth)+"): "+strings.TrimPrefix(s, "health: "))
}

// openHealth shows every check with its one-line fix.
func (m *Model) openHealth() tea.Cmd {
	return m.openLines("Health", scopeHealth, "", healthRead(m.healthInputs(), m.th))
}

// healthRead runs the checks on in (what the root sees now) off the update
// loop, as the Health overlay's lines.
func healthRead(in health.Inputs, th theme.Theme) func() tea.Msg {
	return func() tea.Msg {
		var lines []string
		for _, f := range runHealth(in) {
			mark, style := "✓", th.Style(th.Done)
			switch f.Level {
			case health.Warn:
				mark, style = "!", th.Style(th.Warning)
			case health.Fail:
				mark, style = "✗", th.Style(th.Error)
			}
			lines = append(lines, style.Render(mark)+" "+th.TextStyle().Render(safetext.Line(f.Check)+": "+safetext.Line(f.Detail)))
			if f.Fix != "" {
				lines = append(lines, "    "+th.MutedStyle().Render("fix: "+safetext.Line(f.Fix)))
			}
		}
		return linesMsg{lines: lines}
	}
}

// tapsRepairedMsg is the outcome of repairTaps.
type tapsRepairedMsg struct {
	n   int
	err error
}

// repairTaps starts a new tap on every session Health finds without a
// working one, off the update loop, then runs the checks again.
func (m *Model) repairTaps() tea.Cmd {
	names, sess := health.TapsToRepair(m.healthInputs().Sessions), m.deps.Sessions
	if len(names) == 0 {
		return m.say(levelInfo, "every session's status tap is working")
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), healthTimeout)
		defer cancel()
		var errs []error
		for _, name := range names {
			if err := sess.RepairTap(ctx, name); err != nil {
				errs = append(errs, err)
			}
		}
		return tapsRepairedMsg{len(names) - len(errs), errors.Join(errs...)}
	}
}

// onTapsRepaired says what the repair did and reads the checks again once
// the monitor has seen the new taps (at its next poll).
func (m *Model) onTapsRepaired(msg tapsRepairedMsg) tea.Cmd {
	say := m.say(levelInfo, "started "+plural(msg.n, "new status tap")+"; r checks again")
	if msg.err != nil {
		say = m.say(levelError, "repair taps: "+errText(msg.err))
	}
	if m.mon != nil {
		m.mon.Wake()
	}
	return say
}
