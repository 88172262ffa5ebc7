package app

import (
	"context"
	"errors"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/config/selfupdate"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/picker"
)

// RestartError is what Run returns when the person asked to restart amux
// after installing a new binary: main runs Bin — the installed path — in
// place of this process.
type RestartError struct{ Bin string }

// Error implements error.
func (e *RestartError) Error() string { return "restart " + e.Bin }

// installOverlay installs a new amux binary over the running one, with no
// network: pick a built binary (a path picker, offering the one `go
// install` writes), check that it runs and says it is amux, confirm, then
// replace by the contract's self-update rules (config/selfupdate) and
// offer to restart.
type installOverlay struct {
	p       picker.Model
	confirm *dialog.Confirm // "replace?" then "restart?"
	stage   int             // 0 picking, 1 checking, 2 asking to replace, 3 installing, 4 asking to restart
	chosen  string
	version string
	result  string
}

type binaryCheckedMsg struct {
	path, version string
	err           error
}

type binaryInstalledMsg struct {
	res selfupdate.Result
	err error
}

func (m *Model) openInstall() tea.Cmd {
	def := selfupdate.DefaultCandidate(os.Getenv)
	var rows []string
	if _, err := os.Stat(def); err == nil {
		rows = append(rows, def)
	}
	m.overlay = &installOverlay{p: picker.New(m.th, m.km, "Install a new amux binary (default: where go install writes it)", m.deps.Home, m.deps.Cwd, rows)}
	return nil
}

func (o *installOverlay) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case binaryCheckedMsg:
		return o.checked(m, msg)
	case binaryInstalledMsg:
		return o.installed(m, msg)
	}
	switch o.stage {
	case 0:
		p, cmd, out := o.p.Update(msg)
		o.p = p
		switch out {
		case dialog.Cancelled:
			m.closeOverlay()
		case dialog.Submitted:
			o.stage, o.chosen = 1, o.p.Chosen()
			path := o.chosen
			return func() tea.Msg {
				ctx, cancel := context.WithTimeout(context.Background(), selfupdate.CheckTimeout)
				defer cancel()
				v, err := selfupdate.Check(ctx, path)
				return binaryCheckedMsg{path, v, err}
			}
		}
		return cmd
	case 2, 4:
		c, out := o.confirm.Update(msg)
		o.confirm = &c
		switch {
		case out == dialog.Cancelled:
			m.closeOverlay()
			if o.stage == 4 {
				return m.say(levelInfo, o.result+" · the new binary runs from the next start")
			}
		case out == dialog.Submitted && o.stage == 2:
			return o.install(m)
		case out == dialog.Submitted:
			return m.restart()
		}
	}
	return nil
}

func (o *installOverlay) checked(m *Model, msg binaryCheckedMsg) tea.Cmd {
	if msg.err != nil {
		o.stage = 0
		o.p.SetError(msg.err.Error())
		return nil
	}
	o.stage, o.version = 2, msg.version
	c := dialog.NewConfirm(m.th, m.km, "Install amux "+msg.version+"?", []string{
		"from " + msg.path,
		"over " + m.deps.AmuxBin,
		"The running binary is copied to " + m.deps.AmuxBin + ".previous first; the new one replaces it in one rename.",
	}, "install")
	o.confirm = &c
	return nil
}

func (o *installOverlay) install(m *Model) tea.Cmd {
	o.stage = 3
	live, cand := m.deps.AmuxBin, o.chosen
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		res, err := selfupdate.Install(ctx, live, cand, nil)
		return binaryInstalledMsg{res, err}
	}
}

func (o *installOverlay) installed(m *Model, msg binaryInstalledMsg) tea.Cmd {
	var se *atomicfile.SyncAfterError
	switch {
	case errors.As(msg.err, &se):
		o.result = "installed amux " + msg.res.Version + ", but: " + se.Error()
	case msg.err != nil:
		m.closeOverlay()
		return m.say(levelError, "install: "+msg.err.Error())
	default:
		o.result = "installed amux " + msg.res.Version + " (the old binary is kept at " + msg.res.Backup + ")"
	}
	if m.deps.Log != nil {
		if se != nil {
			// The recovery command is in the line: the person may need it later.
			m.deps.Log.Warn("self-update: the directory sync after the rename failed", "result", o.result)
		} else {
			m.deps.Log.Info("self-update", "result", o.result)
		}
		for _, p := range msg.res.Swept {
			m.deps.Log.Info("self-update: removed a staged copy an interrupted install left", "path", p)
		}
	}
	o.stage = 4
	c := dialog.NewConfirm(m.th, m.km, "Restart amux now?", []string{o.result,
		"Agents keep running; the new amux reattaches to them."}, "restart")
	o.confirm = &c
	return nil
}

// restart ends the program asking Run to start the installed binary.
func (m *Model) restart() tea.Cmd {
	m.restartRequested = true
	return m.quit()
}

func (o *installOverlay) view(m *Model, w, h int) string {
	switch o.stage {
	case 1, 3:
		what := "checking " + o.chosen + " --version…"
		if o.stage == 3 {
			what = "installing amux " + o.version + "…"
		}
		return m.th.Panel(true).Padding(1, 2).Width(min(w, 80)).Render(m.spin.View() + " " + what)
	case 2, 4:
		return o.confirm.View(min(w, 80))
	}
	return o.p.View(w, min(h, 24))
}
