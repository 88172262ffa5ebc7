package lifecycle

import (
	"context"
	"errors"
	"sort"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/app/paint"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/kvedit"
	"amux.dev/amux/ui/projectlist"
	"amux.dev/amux/ui/theme"
	"amux.dev/amux/workspace"
)

// projectEditOverlay edits a project's registries in amux (ui/kvedit): its
// environment (project-env.json) or its lifecycle scripts
// (project-scripts.json, the defaults behind a repository's own file and
// the workspace record). A save that is refused (a file amux cannot read
// keeps its bytes) is said in the notice bar; the dialog stays open.
type projectEditOverlay struct {
	e       kvedit.Model
	th      theme.Theme
	trust   workspace.TrustService
	repo    string
	name    string
	scripts bool
	saving  bool
}

type projectEditLoadedMsg struct {
	host       string // whose registries ("" this machine)
	repo, name string
	scripts    bool
	env        map[string]string
	set        workspace.ScriptSet
	err        error
}

type projectEditSavedMsg struct{ err error }

// openProjectEdit reads project p's environment (or scripts) off the
// update loop; the editor opens on the answer (ok: one is selected).
func (l *Owner) OpenProjectEdit(p projectlist.Project, ok bool, scripts bool) tea.Cmd {
	if !ok {
		return nil
	}
	trust, repo, name, host := l.d.trust, p.Path, p.Name, l.d.host
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		msg := projectEditLoadedMsg{host: host, repo: repo, name: name, scripts: scripts}
		if scripts {
			msg.set, msg.err = trust.ProjectScripts(ctx, repo)
		} else {
			msg.env, msg.err = trust.ProjectEnv(ctx, repo)
		}
		return msg
	}
}

// projectEditLoaded opens the editor over what the registry holds.
// A corrupt registry (not JSON, or not an object) opens an empty editor and
// says that saving replaces the file, as the contract has it; one that
// cannot be read at all refuses, keeping its bytes.
func (l *Owner) projectEditLoaded(msg projectEditLoadedMsg) modal.Outcome {
	var out modal.Outcome
	switch {
	case errors.Is(msg.err, workspace.ErrCorrupt):
		out.Say, out.SayLevel = "saving here replaces the whole file, which is corrupt: "+paint.ErrText(msg.err), modal.LevelWarn
	case msg.err != nil:
		return modal.Outcome{Say: msg.name + ": " + paint.ErrText(msg.err), SayLevel: modal.LevelError}
	}
	o := &projectEditOverlay{th: l.d.th, trust: l.d.on(msg.host).trust, repo: msg.repo, name: msg.name, scripts: msg.scripts}
	if msg.scripts {
		s := msg.set
		o.e = kvedit.NewScripts(l.d.th, l.d.km, "Scripts of "+msg.name+" (project-scripts.json; the repository's own file wins)",
			kvedit.ScriptSet{Setup: s.Setup, Run: s.Run, Archive: s.Archive, OnDone: s.OnDone})
	} else {
		var pairs []kvedit.Pair
		for k, v := range msg.env {
			pairs = append(pairs, kvedit.Pair{Key: k, Value: v})
		}
		sort.Slice(pairs, func(i, j int) bool { return pairs[i].Key < pairs[j].Key })
		o.e = kvedit.NewEnv(l.d.th, l.d.km, "Environment of "+msg.name+" (every agent, terminal and script sees it)", pairs)
	}
	out.Open = o
	return out
}

func (o *projectEditOverlay) Update(msg tea.Msg) (tea.Cmd, modal.Outcome) {
	if saved, ok := msg.(projectEditSavedMsg); ok {
		o.saving = false
		if saved.err != nil {
			return nil, modal.Outcome{Say: "not saved: " + saved.err.Error(), SayLevel: modal.LevelError}
		}
		what := "environment"
		if o.scripts {
			what = "scripts"
		}
		return nil, modal.Outcome{Close: true, Say: "saved the " + what + " of " + o.name}
	}
	if o.saving {
		return nil, modal.Outcome{}
	}
	e, cmd, out := o.e.Update(msg)
	o.e = e
	switch out {
	case dialog.Cancelled:
		return cmd, modal.Closed()
	case dialog.Submitted:
		o.saving = true
		trust, repo := o.trust, o.repo
		scripts, env, set := o.scripts, o.e.Env(), o.e.Scripts()
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if scripts {
				return projectEditSavedMsg{trust.SetProjectScripts(ctx, repo, workspace.ScriptSet{
					Setup: set.Setup, Run: set.Run, Archive: set.Archive, OnDone: set.OnDone})}
			}
			return projectEditSavedMsg{trust.SetProjectEnv(ctx, repo, env)}
		}, modal.Outcome{}
	}
	return cmd, modal.Outcome{}
}

func (o *projectEditOverlay) View(w, h int) string {
	return o.th.Panel(true).Padding(1, 2).Width(w).Render(o.e.View(w-6, max(8, min(h-4, 30))))
}
