package dialogs

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/config"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
)

// The Hosts dialog: the machines amux reaches over SSH (config.json's
// hosts, docs/remote-hosts.md), listed after "this machine", added,
// renamed and removed in place. It is a modal of the usual shape: its rows
// (the root's, app/hosts.go) hand it their action (modal.DialogAction),
// it answers with an outcome, and its
// save runs as a command whose result comes back to it.

// ScopeHosts is active while the Hosts dialog is open.
const ScopeHosts keys.Scope = "hosts"

// The Hosts dialog's actions.
const (
	ActHostAdd    keys.ActionID = "host-add"
	ActHostRename keys.ActionID = "host-rename"
	ActHostRemove keys.ActionID = "host-remove"
	ActHostUp     keys.ActionID = "host-up"
	ActHostDown   keys.ActionID = "host-down"
	ActCloseHosts keys.ActionID = "close-hosts"
)

// hostsSaveBudget bounds a save of config.json's hosts.
const hostsSaveBudget = 5 * time.Second

// Hosts lists the hosts; a form over it adds or renames one.
type Hosts struct {
	modal.Kit
	home   string
	hosts  []config.Host
	cursor int          // 0 is this machine; i is hosts[i-1]
	form   *dialog.Form // the add or rename form, while open
	rename string       // the host the form renames ("" adds)
	saving bool
	err    string // why the last save was refused
}

// hostsSavedMsg is the end of a save: the list written, or why not.
type hostsSavedMsg struct {
	hosts []config.Host
	err   error
}

// HostsChanged asks the root to take the saved list as the live one.
type HostsChanged struct{ Hosts []config.Host }

// AtThisMachine says the cursor is on this machine, which is always first
// and keeps its name.
func (o *Hosts) AtThisMachine() bool { return o.cursor == 0 }

// NewHosts is the dialog over hosts, saving config.json under home.
func NewHosts(kit modal.Kit, home string, hosts []config.Host) *Hosts {
	return &Hosts{Kit: kit, home: home, hosts: append([]config.Host(nil), hosts...)}
}

// Update implements modal.Modal: the dialog answers a message with what the root should do.
func (o *Hosts) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if o.Tick(msg) {
		return nil, modal.Outcome{}
	}
	if o.form != nil {
		return o.updateForm(msg)
	}
	switch msg := msg.(type) {
	case hostsSavedMsg:
		o.saving = false
		if msg.err != nil {
			o.err = msg.err.Error()
			return nil, modal.Outcome{}
		}
		o.hosts, o.err = msg.hosts, ""
		o.cursor = min(o.cursor, len(o.hosts))
		return nil, modal.Outcome{}.Then(HostsChanged{msg.hosts})
	case modal.DialogAction:
		return o.act(msg.ID)
	case tea.KeyPressMsg:
		if id, ok := o.Keys.Bound(msg, ScopeHosts); ok {
			return nil, modal.Asked(id) // the root runs it, or says why it cannot
		}
	}
	return nil, modal.Outcome{}
}

// act does one of the dialog's own actions.
func (o *Hosts) act(id keys.ActionID) (tea.Cmd, modal.Outcome) {
	switch id {
	case ActHostUp:
		o.cursor = max(0, o.cursor-1)
	case ActHostDown:
		o.cursor = min(len(o.hosts), o.cursor+1)
	case ActHostAdd:
		o.openForm(config.Host{})
	case ActHostRename:
		if o.cursor > 0 {
			o.openForm(o.hosts[o.cursor-1])
		}
	case ActHostRemove:
		if o.cursor > 0 {
			next := append(append([]config.Host(nil), o.hosts[:o.cursor-1]...), o.hosts[o.cursor:]...)
			return o.save(next), modal.Outcome{}
		}
	}
	return nil, modal.Outcome{}
}

// openForm opens the add form, or the rename form of h.
func (o *Hosts) openForm(h config.Host) {
	title := "Add a host"
	if h.Name != "" {
		title = "Rename " + h.Name
	}
	f := dialog.NewForm(o.Th, o.KM, title,
		dialog.FieldSpec{Label: "Name", Placeholder: "build-box", Hint: "a–z, 0–9 and -, as the list shows it"},
		dialog.FieldSpec{Label: "SSH destination", Placeholder: "me@build-box.lan", Hint: "what you would pass to ssh: your ~/.ssh/config applies"},
	).WithSubmitLabel("save")
	f.SetValue(0, h.Name)
	f.SetValue(1, h.Dest)
	o.form, o.rename = &f, h.Name
}

// updateForm gives msg to the open form; a submitted one is checked and
// saved, a refused field keeps the form open with the reason on it.
func (o *Hosts) updateForm(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	f, cmd, out := o.form.Update(msg)
	o.form = &f
	switch out {
	case dialog.Cancelled:
		o.form = nil
	case dialog.Submitted:
		v := o.form.Values()
		h := config.Host{Name: strings.TrimSpace(v[0]), Dest: strings.TrimSpace(v[1])}
		next, field, why := o.withHost(h)
		if why != "" {
			o.form.ClearErrors()
			o.form.SetFieldError(field, why)
			return cmd, modal.Outcome{}
		}
		o.form = nil
		return tea.Batch(cmd, o.save(next)), modal.Outcome{}
	}
	return cmd, modal.Outcome{}
}

// withHost is the list with h added, or put in the renamed host's place;
// a refusal names the field (0 name, 1 destination) and why.
func (o *Hosts) withHost(h config.Host) (next []config.Host, field int, why string) {
	if err := config.ValidateHostName(h.Name); err != nil {
		return nil, 0, err.Error()
	}
	if err := config.CheckDest(h.Dest); err != nil {
		return nil, 1, err.Error()
	}
	for _, e := range o.hosts {
		if e.Name == h.Name && e.Name != o.rename {
			return nil, 0, "a host named " + h.Name + " is already listed"
		}
	}
	for _, e := range o.hosts {
		if e.Name == o.rename && o.rename != "" {
			h.Amux = e.Amux // a rename keeps where amux is on the host
			next = append(next, h)
			continue
		}
		next = append(next, e)
	}
	if o.rename == "" {
		next = append(next, h)
	}
	return next, 0, ""
}

// save writes hosts to config.json off the update loop.
func (o *Hosts) save(hosts []config.Host) tea.Cmd {
	o.saving, o.err = true, ""
	home := o.home
	return func() tea.Msg {
		if home == "" {
			return hostsSavedMsg{hosts: hosts, err: errors.New("no state home to save config.json in")}
		}
		ctx, cancel := context.WithTimeout(context.Background(), hostsSaveBudget)
		defer cancel()
		return hostsSavedMsg{hosts: hosts, err: config.SaveHosts(ctx, home, hosts)}
	}
}

// Waiting: the spinner turns while a save runs.
func (o *Hosts) Waiting() bool { return o.saving }

// View implements modal.Modal: the dialog drawn at w × h.
func (o *Hosts) View(w, h int) string {
	if o.form != nil {
		return o.form.View(min(w, 72))
	}
	w = min(w, 80)
	inner := w - 6
	var b strings.Builder
	b.WriteString(o.Th.AccentStyle().Render("Hosts") + "\n\n")
	row := func(i int, name, dest string) {
		mark := "  "
		if i == o.cursor {
			mark = "▸ "
		}
		b.WriteString(paint.Fit(mark+name+"  "+o.Th.MutedStyle().Render(dest), inner) + "\n")
	}
	row(0, "this machine", "local")
	for i, hst := range o.hosts {
		row(i+1, safetext.Line(hst.Name), safetext.Line(hst.Dest))
	}
	if len(o.hosts) == 0 {
		b.WriteString("\n" + o.Th.MutedStyle().Render(paint.Fit("No other host yet: "+o.KM.First(ActHostAdd)+" adds one.", inner)) + "\n")
	}
	switch {
	case o.saving:
		b.WriteString("\n" + o.Spinning("saving…") + "\n")
	case o.err != "":
		b.WriteString("\n" + o.Th.ErrorStyle().Render(paint.Fit("not saved: "+safetext.Line(o.err), inner)) + "\n")
	}
	b.WriteString("\n" + o.Th.MutedStyle().Render(paint.Fit(o.Keys.Hints(ScopeHosts), inner)))
	return o.Th.Panel(true).Padding(1, 2).Width(w).Render(b.String())
}
