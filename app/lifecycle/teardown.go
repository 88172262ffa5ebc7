package lifecycle

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/pump"
	"amux.dev/amux/app/teardown"
	"amux.dev/amux/git"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// teardownTimeout bounds a delete or shelve (archive script included).
const teardownTimeout = 10 * time.Minute

// teardownOverlay asks before a delete or shelve, then shows its step
// progress. It first reads, off the update loop, what the teardown would
// lose; when the worktree holds uncommitted work it asks what to do with
// it (dialog.Choice); then the typed-confirm gate, saying exactly what
// happens to the work and the branch. Esc while it runs hides the view;
// the project list keeps showing the workspace as busy until it finishes.
// A modal: the owner runs the teardown itself (teardownReq), so the row
// stays busy whether the dialog is shown or not.
type teardownOverlay struct {
	d        deps
	id, name string
	// sessions names what the teardown ends, as the root's last load saw
	// it; restoreKey is the restore key's name, for words about a shelf.
	sessions, restoreKey string
	shelve               bool
	rec                  workspace.Record
	gen                  int // the summary read this overlay waits for
	loading              bool
	risk                 *git.AtRisk // nil until read, or when it could not be
	choose               *dialog.Choice
	choices              []workspace.DirtyChoice // the answers of choose, in order
	dirty                workspace.DirtyChoice   // what the teardown does with the work
	// archive is the repository's archive script waiting for approval
	// (nil: none); askArchive asks about it first: approve it (it runs)
	// or skip it.
	archive        *workspace.UntrustedError
	askArchive     *dialog.Choice
	approveArchive bool
	skipArchive    bool
	confirm        *dialog.TypedConfirm
	steps          *dialog.Steps
	op             int
	events         *pump.Pump[teardown.StepEvent]
	finished       bool // the result is in: later step events are stale
	// kit's spinner turns while the summary is read.
	kit modal.Kit
}

// atRiskMsg carries the summary of what a teardown would lose, and the
// archive script that waits for approval (nil: none).
type atRiskMsg struct {
	gen     int
	risk    git.AtRisk
	err     error
	archive *workspace.UntrustedError
}

// atRiskTimeout bounds reading the summary (one status, a few rev-lists).
const atRiskTimeout = 15 * time.Second

type teardownProgressMsg struct {
	op     int
	events []teardown.StepEvent
	done   bool
}

type teardownDoneMsg struct {
	op     int
	note   string
	id     string
	name   string
	shelve bool
	err    error
}

// openTeardown opens the delete (or shelve) dialog of workspace id and
// starts reading the summary; sessions names what it would end.
func (l *Owner) OpenTeardown(kit modal.Kit, id, name string, rec workspace.Record, sessions string, shelve bool) (tea.Cmd, modal.Outcome) {
	d := l.d.of(id)
	o := &teardownOverlay{d: d, kit: kit, id: id, name: name, shelve: shelve, rec: rec, gen: d.ops.next(), loading: true,
		sessions: sessions, restoreKey: d.keyName(ActRestore, "restore")}
	gen, life, trust := o.gen, d.life, d.trust
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), atRiskTimeout)
		defer cancel()
		risk, err := life.AtRisk(ctx, id)
		archive, aerr := trust.ArchiveToApprove(id)
		if err == nil {
			err = aerr
		}
		return atRiskMsg{gen: gen, risk: risk, err: err, archive: archive}
	}, modal.Outcome{Open: o}
}

func (o *teardownOverlay) title() string {
	if o.shelve {
		return "Shelve workspace " + o.name
	}
	return "Delete workspace " + o.name
}

// loaded moves on from reading the summary: to the archive question when
// the repository's archive script waits for approval, then to the choice
// when there is work to lose, else straight to the typed confirm.
func (o *teardownOverlay) loaded(msg atRiskMsg) {
	o.loading = false
	if msg.err != nil {
		o.openConfirm("Could not check the worktree for uncommitted work ("+safetext.Line(msg.err.Error())+");",
			"the teardown stops before removing a tree that holds any.")
		return
	}
	msg.risk = teardown.SafeRisk(msg.risk) // git's paths and subjects enter the model here
	o.risk = &msg.risk
	o.archive = msg.archive
	if o.archive != nil {
		c := archiveQuestion(o.d, o.title(), o.rec, o.archive)
		o.askArchive = &c
		return
	}
	o.askWork()
}

// askWork asks what to do with work the teardown would lose, or goes on
// to the typed confirm when there is none.
func (o *teardownOverlay) askWork() {
	if !o.risk.Lossy() {
		o.openConfirm(teardown.RiskLines(o.rec, *o.risk)...)
		return
	}
	opts, choices, notes := teardown.WorkChoices(o.rec, *o.risk, o.shelve, o.restoreKey)
	body := append(teardown.RiskLines(o.rec, *o.risk), notes...)
	body = append(body, "", "What should happen to it?")
	c := dialog.NewChoice(o.d.th, o.d.km, o.title(), body, opts, 0)
	o.choose, o.choices = &c, choices
}

// archiveQuestion asks about the repository's archive script a teardown
// would run: its commands exactly as they would run, approve or skip.
func archiveQuestion(d deps, title string, rec workspace.Record, ue *workspace.UntrustedError) dialog.Choice {
	body := []string{"Its archive script comes from the repository (" + workspace.RepoScriptsFile + ") and is not approved.",
		"It would run, in " + rec.Root + ":"}
	for _, c := range ue.Script.Commands {
		body = append(body, "  $ "+safetext.Line(strings.ReplaceAll(c, "\n", " ⏎ ")))
	}
	body = append(body, "", "Approve this exact content (a later change asks again), or go on without it?")
	opts := []dialog.Option{{Key: "a", Label: "approve it: run it, then go on"}, {Key: "s", Label: "skip it: go on without the archive script"}}
	return dialog.NewChoice(d.th, d.km, title, body, opts, 0)
}

// openConfirm builds the typed confirm: what the teardown does, what it
// does to the work and the branch, and extra lines.
func (o *teardownOverlay) openConfirm(extra ...string) {
	rec := o.rec
	archive := "runs the archive script"
	switch {
	case o.skipArchive:
		archive = "skips the archive script"
	case o.approveArchive:
		archive = "runs the archive script you approved"
	}
	body := []string{
		"Ends " + o.sessions + ",",
		archive + ", removes the worktree " + rec.Root + " and the workspace record.",
		teardown.BranchFate(rec, o.risk, o.dirty),
	}
	if o.shelve {
		body = []string{
			"Ends " + o.sessions + ",",
			archive + " and removes the worktree.",
			"The branch " + rec.Branch + " and the record stay; restore it later (the sessions do not come back).",
		}
	}
	if o.risk != nil && o.dirty != workspace.DirtyRefuse {
		body = append(body, teardown.WorkOutcome(rec, *o.risk, o.shelve, o.dirty, o.restoreKey))
	}
	if len(extra) > 0 {
		body = append(append(body, ""), extra...)
	}
	c := dialog.NewTypedConfirm(o.d.th, o.d.km, o.title(), body, o.name)
	o.confirm = &c
}

// Update takes the dialog's own results first, then input for the step
// on screen. Esc while it runs only hides it.
func (o *teardownOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	switch msg := msg.(type) {
	case atRiskMsg:
		if o.loading && msg.gen == o.gen {
			o.loaded(msg)
		}
		return nil, modal.Outcome{}
	case teardownProgressMsg:
		return o.progress(msg), modal.Outcome{}
	}
	if o.kit.Tick(msg) {
		return nil, modal.Outcome{}
	}
	km := o.d.km
	k, isKey := msg.(tea.KeyPressMsg)
	switch {
	case o.steps != nil:
		if isKey && (km.Is(keys.FormCancel, k.String()) || km.Is(keys.FormSubmit, k.String())) {
			return nil, modal.Closed()
		}
		return nil, modal.Outcome{}
	case o.loading:
		if isKey && km.Is(keys.FormCancel, k.String()) {
			return nil, modal.Closed()
		}
		return nil, modal.Outcome{}
	case o.askArchive != nil:
		c, out := o.askArchive.Update(msg)
		o.askArchive = &c
		switch out {
		case dialog.Cancelled:
			return nil, modal.Closed()
		case dialog.Submitted:
			o.askArchive = nil
			o.approveArchive, o.skipArchive = c.Selected() == 0, c.Selected() == 1
			o.askWork()
		}
		return nil, modal.Outcome{}
	case o.choose != nil:
		c, out := o.choose.Update(msg)
		o.choose = &c
		switch out {
		case dialog.Cancelled:
			return nil, modal.Closed()
		case dialog.Submitted:
			o.dirty, o.choose = o.choices[c.Selected()], nil
			o.openConfirm()
		}
		return nil, modal.Outcome{}
	}
	c, cmd, out := o.confirm.Update(msg)
	o.confirm = &c
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		wait, run := o.start()
		return tea.Batch(cmd, wait), run
	}
	return cmd, modal.Outcome{}
}

// Waiting: the spinner turns while the summary is read.
func (o *teardownOverlay) Waiting() bool { return o.loading }

func (o *teardownOverlay) View(w, h int) string {
	w = min(w, 76)
	switch {
	case o.steps != nil:
		return o.steps.View(w)
	case o.askArchive != nil:
		return o.askArchive.View(w)
	case o.choose != nil:
		return o.choose.View(w)
	case o.confirm != nil:
		return o.confirm.View(w)
	}
	th := o.d.th
	text := th.AccentStyle().Render(o.title()) + "\n\n" +
		o.kit.Spinning("checking the worktree for uncommitted work…") + "\n\n" +
		th.MutedStyle().Render(o.d.km.First(keys.FormCancel)+": cancel")
	return th.Panel(true).Padding(1, 2).Width(w).Render(text)
}
