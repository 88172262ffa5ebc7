package app

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/status/events"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/workspace"
)

// statusOverlay is the workspace-status dialog: cleanup state, port range
// and orphaned reservations (release, typed count), scripts with their
// trust (A: approve, U: untrust, typed count). What it shows of the root
// (the tabs' evidence, operations in flight) is a sight the root takes
// each time the dialog reads the status again.
type statusOverlay struct {
	modal.Kit
	id, name string
	stat     workspace.StatusService
	trust    workspace.TrustService
	log      *events.Log
	zone     *time.Location
	// logPointer says where an unfinished cleanup's detail is.
	logPointer string
	sight      statusSight
	st         *workspace.Status
	err        string
	gen        int
	confirm    *dialog.TypedConfirm
	pending    string // "release", "untrust" or "approve" while its confirm is open
	working    bool
	// refusal is why the last approve, revoke or release failed: it stays
	// until the person's next key (the refresh the failure starts does not
	// clear it, unlike err, which each read replaces).
	refusal string
	offset  int // first body row shown when the body is taller than the screen
	// history is the shown tab's last state transitions (sight.tab's label).
	history []events.Record
}

// statusSight is what the status dialog shows of the root's own state,
// taken when it reads the status.
type statusSight struct {
	inFlight []string // workspaces with an operation running: live owners of ports
	session  string   // the shown tab's session, whose history is read
	tab      string   // its label
	agents   []agentEvidence
}

// agentEvidence is one tab's state and the classifier's evidence for it.
type agentEvidence struct {
	label, state, source, detail string
}

// historyRows is how many transitions the dialog shows.
const historyRows = 8

type statusLoadedMsg struct {
	gen     int
	st      workspace.Status
	history []events.Record
	err     error
}

type statusActionMsg struct {
	what string
	text string
	err  error
}

// openStatus opens the status dialog of workspace id (name), with d's
// services, over what the root shows of it now (sight).
func openStatus(kit modal.Kit, d Deps, id, name, logPointer string, sight statusSight) (tea.Cmd, modal.Outcome) {
	o := &statusOverlay{Kit: kit, id: id, name: name, stat: d.Status, trust: d.Trust,
		log: d.History, zone: d.Zone, logPointer: logPointer}
	return o.refresh(sight), modal.Outcome{Open: o}
}

// statusLogPointer says where an unfinished cleanup's detail is: the
// warn-level workspace delete/shelve and startup recovery lines in amux's
// log hold it.
func statusLogPointer(keyName func(keys.ActionID) string, acts actions) string {
	return "details in amux's log: " + keyName(actPalette) + ", then \"" + acts[actOpenLog].Help + "\""
}

// sightOf is what the status dialog shows of the root now: the operations
// running (busy) and the workspace's tabs (wt).
func sightOf(busy map[string]string, wt *workspaceTabs) statusSight {
	// Workspaces with an operation running count as live owners of ports
	// for the orphan probe.
	s := statusSight{inFlight: make([]string, 0, len(busy))}
	for id := range busy {
		s.inFlight = append(s.inFlight, id)
	}
	if t := wt.current(); t != nil {
		s.session, s.tab = t.session, t.label()
	}
	if wt == nil {
		return s
	}
	for _, t := range wt.tabs {
		s.agents = append(s.agents, agentEvidence{label: t.label(), state: string(t.state.State),
			source: string(t.state.Source), detail: t.state.Detail})
	}
	return s
}

// refresh reads the status again, with what the root sees now.
func (o *statusOverlay) refresh(s statusSight) tea.Cmd {
	o.gen++
	o.sight = s
	gen, id, stat, log := o.gen, o.id, o.stat, o.log
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		st, err := stat.Status(ctx, id, s.inFlight)
		return statusLoadedMsg{gen, st, tabHistory(log, s.session, historyRows), err}
	}
}

// Update applies the dialog's reads and results; a finished action asks
// the root for a refresh (the sight is the root's to take). Keys go to an
// open typed confirm, else the dialog's scope, else scroll the body.
func (o *statusOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if o.Tick(msg) {
		return nil, modal.Outcome{}
	}
	switch msg := msg.(type) {
	case statusLoadedMsg:
		if msg.gen == o.gen {
			st := shownStatus(msg.st)
			o.st, o.history = &st, msg.history
			o.err = ""
			if msg.err != nil {
				o.err = paint.ErrText(msg.err)
			}
		}
		return nil, modal.Outcome{}
	case statusActionMsg:
		o.working = false
		if msg.err != nil {
			o.refusal = msg.what + ": " + paint.ErrText(msg.err)
			return nil, modal.Asked(actRefreshStatus)
		}
		out := modal.Asked(actRefreshStatus)
		out.Say, out.SayLevel = msg.text, modal.LevelInfo
		return nil, out
	}
	if o.confirm != nil {
		c, cmd, out := o.confirm.Update(msg)
		o.confirm = &c
		switch out {
		case dialog.Cancelled:
			o.confirm, o.pending = nil, ""
		case dialog.Submitted:
			what := o.pending
			o.confirm, o.pending = nil, ""
			return o.act(what, c.Expect()), modal.Outcome{}
		}
		return cmd, modal.Outcome{}
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || o.working {
		return nil, modal.Outcome{}
	}
	o.refusal = "" // read: the person acts now
	if id, ok := o.Keys.Match(k, scopeStatus); ok {
		return nil, modal.Asked(id)
	}
	modal.ScrollKey(o.KM, &o.offset, k.String(), 5)
	return nil, modal.Outcome{}
}

// Waiting: the spinner turns until the first status is read.
func (o *statusOverlay) Waiting() bool { return o.st == nil }

func (o *statusOverlay) hasUntrusted() bool {
	return len(o.untrustedLines()) > 0
}

func (o *statusOverlay) untrustedLines() []string {
	var lines []string
	if o.st == nil {
		return nil
	}
	for _, s := range o.st.Scripts {
		if !s.Trusted {
			for _, c := range s.Commands {
				lines = append(lines, "  "+string(s.Kind)+": "+c)
			}
		}
	}
	return lines
}

// act runs a confirmed action off the update loop.
func (o *statusOverlay) act(what, confirmed string) tea.Cmd {
	o.working = true
	stat, trust, id, inFlight := o.stat, o.trust, o.id, o.sight.inFlight
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		switch what {
		case "release":
			n, _ := strconv.Atoi(confirmed)
			got, err := stat.ReleaseOrphans(ctx, n, inFlight)
			return statusActionMsg{what, "released " + paint.Plural(got, "port reservation"), err}
		case "untrust":
			_, err := trust.RevokeApprovals(ctx, id)
			return statusActionMsg{what, "script approvals revoked", err}
		default:
			ran, err := trust.ApproveScripts(ctx, id)
			text := "scripts approved"
			if ran {
				text += "; setup-workspace ran"
			}
			return statusActionMsg{what, text, err}
		}
	}
}

func (o *statusOverlay) View(w, h int) string {
	w = min(w, 80)
	if o.confirm != nil {
		return o.confirm.View(w)
	}
	th := o.Th
	title := th.AccentStyle().Render("Workspace "+o.name) + "\n\n"
	if o.st == nil {
		return th.Panel(true).Padding(1, 2).Width(w).Render(title + o.Spinning("reading…"))
	}
	var b strings.Builder
	st := o.st
	kv := func(k, v string) {
		b.WriteString(th.MutedStyle().Render(fmt.Sprintf("%-10s ", k)) + th.TextStyle().Render(v) + "\n")
	}
	switch op := st.CleanupOp; st.Cleanup {
	case workspace.CleanupInterrupted:
		kv("cleanup", "interrupted — a "+op+" did not finish; the worktree is still there and usable")
		kv("", "the next start finishes the "+op)
		kv("", o.logPointer)
	case workspace.CleanupPending:
		kv("cleanup", "pending — a "+op+" did not finish and the worktree is gone")
		kv("", "the next start finishes the "+op)
		kv("", o.logPointer)
	default:
		kv("cleanup", "none pending")
	}
	kv("ports", st.Ports)
	kv("orphans", paint.Plural(st.Orphans, "port reservation")+" owned by nothing live")
	if len(o.sight.agents) > 0 {
		// The classifier's evidence: which source decided each state.
		b.WriteString("\n" + th.TextStyle().Bold(true).Render("Agents") + "\n")
		for i, a := range o.sight.agents {
			state := a.state
			if state == "" {
				state = "not scanned yet"
			}
			line := fmt.Sprintf("  %d %-10s %-8s", i+1, a.label, state)
			if a.source != "" {
				line += th.MutedStyle().Render(" " + a.source + ": " + a.detail)
			}
			b.WriteString(paint.Fit(line, w-6) + "\n")
		}
	}
	if len(o.history) > 0 {
		b.WriteString("\n" + th.TextStyle().Bold(true).Render("Recent states of "+o.sight.tab) + "\n")
		for _, r := range o.history {
			for _, l := range paint.WrapLines([]string{safetext.Line(r.Transition(o.zone))}, w-8) {
				b.WriteString("  " + th.MutedStyle().Render(l) + "\n")
			}
		}
	}
	b.WriteString("\n" + th.TextStyle().Bold(true).Render("Scripts") + "\n")
	if st.ScriptsRefused != "" {
		b.WriteString(th.Style(th.Warning).Render("  none run while the repository's scripts file is refused: "+st.ScriptsRefused) + "\n")
	} else if len(st.Scripts) == 0 {
		b.WriteString(th.MutedStyle().Render("  none (define them in the repository's .amux/scripts.json)") + "\n")
	}
	for _, s := range st.Scripts {
		mark := th.Style(th.Done).Render("✓")
		if !s.Trusted {
			mark = th.Style(th.Warning).Render("?")
		}
		b.WriteString(fmt.Sprintf("  %s %-8s %s: %s\n", mark, s.Kind, th.MutedStyle().Render("("+string(s.Source)+")"), strings.Join(s.Commands, " && ")))
	}
	if o.err != "" {
		b.WriteString("\n" + th.ErrorStyle().Render(o.err) + "\n")
	}
	// Below the scrolled body, always in sight: a refusal, then the keys.
	var foot []string
	for _, l := range paint.WrapLines([]string{o.refusal}, w-6) {
		if o.refusal != "" {
			foot = append(foot, th.ErrorStyle().Render(l))
		}
	}
	foot = append(foot, th.MutedStyle().Render(o.Keys.Hints(scopeStatus)))
	return th.Panel(true).Padding(1, 2).Width(w).Render(title + o.scrolled(b.String(), h-4-2-1-len(foot), w-6) +
		"\n" + strings.Join(foot, "\n"))
}

// scrolled is the dialog's body cut to rows rows at the offset, with a
// line saying what is above and below and how to scroll: at 80×24 the
// scripts and their approval key are below the first screen.
func (o *statusOverlay) scrolled(body string, rows, w int) string {
	lines := paint.WrapLines(strings.Split(strings.TrimSuffix(body, "\n"), "\n"), w)
	if rows < 2 || len(lines) <= rows {
		o.offset = 0
		return strings.Join(lines, "\n") + "\n"
	}
	rows-- // the scroll line
	o.offset = max(0, min(o.offset, len(lines)-rows))
	end := o.offset + rows
	var where []string
	if o.offset > 0 {
		where = append(where, "more above")
	}
	if end < len(lines) {
		where = append(where, "more below")
	}
	note := fmt.Sprintf("%s (%s/%s scroll, %d–%d of %d)", strings.Join(where, ", "), o.KM.First(keys.ViewDown),
		o.KM.First(keys.ViewUp), o.offset+1, end, len(lines))
	return strings.Join(lines[o.offset:end], "\n") + "\n" + o.Th.Style(o.Th.Warning).Render(paint.Fit(note, w)) + "\n"
}
