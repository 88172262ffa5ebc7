package app

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace/remote/client"
	"amux.dev/amux/workspace/remote/fleet"
)

// A host without amux (client.NotInstalledError) is offered a copy of
// this binary: a confirm that says where it goes on the host, then
// client.Install (the copy over the shared connection, checked by running
// it there), then the host connects again. Nothing is copied unasked.

// installTimeout bounds the copy and its check.
const installTimeout = 2 * time.Minute

// installReq is the person's yes to the copy.
type installReq struct{ host, path string }

// installedMsg is the copy's end.
type installedMsg struct {
	host, path string
	err        error
}

// installOverlay asks whether to copy amux to a host.
type installOverlay struct {
	host, path string
	c          dialog.Confirm
}

// Update implements modal.Modal.
func (d *installOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	c, out := d.c.Update(msg)
	d.c = c
	switch out {
	case dialog.Cancelled:
		return nil, modal.Closed()
	case dialog.Submitted:
		return nil, modal.Closed().Then(installReq{d.host, d.path})
	}
	return nil, modal.Outcome{}
}

// View implements modal.Modal.
func (d *installOverlay) View(w, _ int) string { return d.c.View(min(w, 72)) }

// offerInstall asks about the copy for the first host of hosts that has
// no amux and was not offered one yet — never over a dialog the person
// is in (open): the next change offers it then.
func (o *remoteOwner) offerInstall(hosts []fleet.Host, th theme.Theme, km keys.Map, open bool) modal.Outcome {
	if open {
		return modal.Outcome{}
	}
	for _, h := range hosts {
		var ni *client.NotInstalledError
		if h.Status != fleet.Refused || !errors.As(h.Err, &ni) || o.offered[h.Name] {
			continue
		}
		o.offered[h.Name] = true
		path := ni.Path
		if path == "" {
			path = client.DefaultInstallPath
		}
		name, dest := safetext.Line(h.Name), safetext.Line(h.Dest)
		body := []string{
			"amux is not on " + dest + " (" + safetext.Line(ni.Arch) + ", the same as this machine).",
			"Copy this machine's amux there, to ~/" + safetext.Line(path) + "?",
			"It goes over the same ssh connection and is checked by running it there.",
		}
		return modal.Outcome{Open: &installOverlay{host: h.Name, path: path,
			c: dialog.NewConfirm(th, km, "Copy amux to "+name+"?", body, "copy")}}
	}
	return modal.Outcome{}
}

// install copies amux to the host, off the update loop.
func (o *remoteOwner) install(r installReq) (tea.Cmd, modal.Outcome) {
	f := o.fleet
	if f == nil {
		return nil, modal.Outcome{}
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), installTimeout)
		defer cancel()
		return installedMsg{host: r.host, path: r.path, err: f.Install(ctx, r.host, r.path)}
	}, modal.Outcome{Say: "copying amux to " + safetext.Line(r.host) + "…", SayLevel: modal.LevelInfo}
}

// installed says how the copy went.
func (o *remoteOwner) installed(msg installedMsg) modal.Outcome {
	host := safetext.Line(msg.host)
	if msg.err != nil {
		delete(o.offered, msg.host) // the next change may offer it again
		return modal.Outcome{Say: "copy to " + host + ": " + safetext.Line(msg.err.Error()), SayLevel: modal.LevelError}
	}
	return modal.Outcome{Say: "amux copied to " + host + ":~/" + safetext.Line(msg.path) + " and checked; connecting",
		SayLevel: modal.LevelInfo}
}
