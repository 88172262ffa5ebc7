package dialogs

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/config/atomicfile"
	"amux.dev/amux/config/selfupdate"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/picker"
)

// Install installs a new amux binary over the running one, with no
// network: pick a built binary (a path picker, offering the one `go
// install` writes), confirm — nothing runs the candidate before that —
// then check that it answers amux's handshake (only amux builds do) and
// replace by the contract's self-update rules (config/selfupdate), and
// offer to restart. A candidate that fails the check is back in the
// picker with the reason.
type Install struct {
	modal.Kit
	live    string       // the running binary, which the new one replaces
	log     *slog.Logger // where the install's outcome is recorded
	p       picker.Model
	confirm *dialog.Confirm // "run and install?" then "restart?"
	stage   int             // 0 picking, 2 asking to install, 3 checking and installing, 4 asking to restart
	chosen  string
	result  string
}

type binaryInstalledMsg struct {
	res selfupdate.Result
	err error
}

// RestartRequest asks the root to end the program and start the
// installed binary in its place.
type RestartRequest struct{}

// NewInstall is the install dialog: live is the running binary, home and
// cwd where the picker starts.
func NewInstall(kit modal.Kit, live string, log *slog.Logger, home, cwd string) *Install {
	def := selfupdate.DefaultCandidate(os.Getenv)
	var rows []string
	if _, err := os.Stat(def); err == nil {
		rows = append(rows, def)
	}
	return &Install{Kit: kit, live: live, log: log, p: picker.New(kit.Th, kit.KM, "Install a new amux binary (default: where go install writes it)", home, cwd, rows)}
}

// Update implements modal.Modal: the dialog answers a message with what the root should do.
func (o *Install) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if o.Tick(msg) {
		return nil, modal.Outcome{}
	}
	if msg, ok := msg.(binaryInstalledMsg); ok {
		o.installed(msg)
		return nil, modal.Outcome{}
	}
	switch o.stage {
	case 0:
		p, cmd, out := o.p.Update(msg)
		o.p = p
		switch out {
		case dialog.Cancelled:
			return cmd, modal.Closed()
		case dialog.Submitted:
			o.chosen = o.p.Chosen()
			o.ask()
		}
		return cmd, modal.Outcome{}
	case 2, 4:
		c, out := o.confirm.Update(msg)
		o.confirm = &c
		switch {
		case out == dialog.Cancelled && o.stage == 4:
			out := modal.Closed()
			out.Say, out.SayLevel = o.result+" · the new binary runs from the next start", modal.LevelInfo
			return nil, out
		case out == dialog.Cancelled:
			return nil, modal.Closed()
		case out == dialog.Submitted && o.stage == 2:
			return o.install(), modal.Outcome{}
		case out == dialog.Submitted:
			return nil, modal.Outcome{}.Then(RestartRequest{})
		}
	}
	return nil, modal.Outcome{}
}

// ask is the question before anything runs: the candidate is a program
// the person picked, and checking it means running it.
func (o *Install) ask() {
	o.stage = 2
	c := dialog.NewConfirm(o.Th, o.KM, "Run and install "+paint.NoticeLine(o.chosen)+"?", []string{
		"amux runs it once (" + selfupdate.HandshakeVerb + ") to check that it is an amux build;",
		"only one that answers amux's handshake is installed over " + o.live + ".",
		"The running binary is copied to " + o.live + ".previous first; the new one replaces it in one rename.",
	}, "run and install")
	o.confirm = &c
}

func (o *Install) install() tea.Cmd {
	o.stage = 3
	live, cand, log := o.live, o.chosen, o.log
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		res, err := selfupdate.Install(ctx, live, cand, nil)
		logInstall(log, live, cand, res, err)
		return binaryInstalledMsg{res, err}
	}
}

func (o *Install) installed(msg binaryInstalledMsg) {
	var se *atomicfile.SyncAfterError
	switch {
	case errors.As(msg.err, &se):
		o.result = "installed amux " + msg.res.Version + ", but: " + se.Error()
	case msg.err != nil:
		// Back to the picker with why: another path may be the right one.
		o.stage = 0
		o.p.SetError(msg.err.Error())
		return
	default:
		o.result = "installed amux " + msg.res.Version + " (the old binary is kept at " + msg.res.Backup + ")"
	}
	o.stage = 4
	c := dialog.NewConfirm(o.Th, o.KM, "Restart amux now?", []string{o.result,
		"Agents keep running; the new amux reattaches to them."}, "restart")
	o.confirm = &c
}

// Waiting: the spinner turns while the candidate is checked and installed.
func (o *Install) Waiting() bool { return o.stage == 3 }

// View implements modal.Modal: the dialog drawn at w × h.
func (o *Install) View(w, h int) string {
	switch o.stage {
	case 3:
		what := "checking " + paint.NoticeLine(o.chosen) + " and installing it…"
		return o.Th.Panel(true).Padding(1, 2).Width(min(w, 80)).Render(o.Spin.View() + " " + what)
	case 2, 4:
		return o.confirm.View(min(w, 80))
	}
	return o.p.View(w, min(h, 24))
}

// logInstall records an install's outcome: a refused candidate, a
// replaced binary (with where the old one is kept), and a sync failure
// after the rename with its recovery command.
func logInstall(log *slog.Logger, live, cand string, res selfupdate.Result, err error) {
	if log == nil {
		return
	}
	var se *atomicfile.SyncAfterError
	switch {
	case errors.As(err, &se):
		log.Warn("install amux binary", "candidate", cand, "live", live, "version", res.Version,
			"outcome", "installed, but the directory sync after the rename failed", "err", se.Error())
	case err != nil:
		log.Warn("install amux binary", "candidate", cand, "live", live, "outcome", "refused", "err", err.Error())
	default:
		log.Info("install amux binary", "candidate", cand, "live", live, "version", res.Version,
			"backup", res.Backup, "outcome", "done")
	}
	for _, p := range res.Swept {
		log.Info("install amux binary: removed a staged copy an interrupted install left", "path", p)
	}
}
