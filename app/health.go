package app

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/dialogs"
	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
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
func (o *superviseOwner) healthInputs(sc watchScene) health.Inputs {
	sessions := make(map[string]monitor.SessionState, len(o.states))
	for k, v := range o.states {
		sessions[k] = v
	}
	in := health.Inputs{Tmux: o.d.tmux, Sessions: sessions, Now: o.d.now(),
		GateAfter: time.Duration(sc.cfg.Status.StuckAfterMs) * time.Millisecond}
	if o.d.stateHome != "" {
		for _, name := range []string{config.FileName, "projects.json", "project-env.json", "project-scripts.json",
			"trusted-scripts.json", "port-reservations.json"} {
			in.Registries = append(in.Registries, health.Registry{Name: name, Path: filepath.Join(o.d.stateHome, name)})
		}
	}
	if o.d.rules != nil {
		in.RuleErrs = o.d.rules.Errs()
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
func (o *superviseOwner) startupHealth(sc watchScene) tea.Cmd {
	if o.healthChecked || o.d.tmux == nil {
		return nil
	}
	o.healthChecked = true
	in := o.healthInputs(sc)
	return func() tea.Msg { return healthNoticeMsg{runHealth(in)} }
}

// healthNotice is the start-up check's single notice.
func (o *superviseOwner) healthNotice(msg healthNoticeMsg, sc watchScene) modal.Outcome {
	s := health.Summary(msg.findings)
	if s == "" || sc.warned {
		return modal.Outcome{} // one notice: a warning on screen (a bad config) already says something is wrong
	}
	// The key first: a long finding is cut at the screen's edge, the way
	// to its fix must not be.
	return modal.Outcome{Say: "Health (" + o.d.healthKey + "): " + strings.TrimPrefix(s, "health: "), SayLevel: modal.LevelWarn}
}

// healthRead is the Health overlay's read of the checks on what the root
// sees now.
func (o *superviseOwner) healthRead(sc watchScene) func() tea.Msg {
	return healthRead(o.healthInputs(sc), sc.th)
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
		return dialogs.LinesMsg{Lines: lines}
	}
}

// tapsRepairedMsg is the outcome of repairTaps.
type tapsRepairedMsg struct {
	n   int
	err error
}

// repairTaps starts a new tap on every session Health finds without a
// working one, off the update loop, then runs the checks again.
func (o *superviseOwner) repairTaps() (tea.Cmd, modal.Outcome) {
	names, sess := health.TapsToRepair(o.states), o.d.sessions
	if len(names) == 0 {
		return nil, modal.Outcome{Say: "every session's status tap is working", SayLevel: modal.LevelInfo}
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
	}, modal.Outcome{}
}

// tapsRepaired says what the repair did; the monitor looks at once, so
// the checks read again see the new taps.
func (o *superviseOwner) tapsRepaired(msg tapsRepairedMsg) modal.Outcome {
	o.wake()
	if msg.err != nil {
		return modal.Outcome{Say: "repair taps: " + paint.ErrText(msg.err), SayLevel: modal.LevelError}
	}
	return modal.Outcome{Say: "started " + paint.Plural(msg.n, "new status tap") + "; r checks again", SayLevel: modal.LevelInfo}
}
