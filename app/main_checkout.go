package app

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/modal"
	"amux.dev/amux/ui/dialog"
)

// whyNotMain: only the main checkout's workspace is closed this way.
func whyNotMain(m *Model) string {
	w, ok := m.list.selectedWorkspace()
	if rec, _ := m.list.record(w.ID); !ok || !rec.Main {
		return "select the main checkout's workspace (other workspaces are deleted or shelved)"
	}
	return ""
}

// openCloseMain is what delete means for the main checkout's workspace:
// the checkout is the person's and is never deleted; closing it kills its
// sessions and drops amux's record.
func (l *listOwner) openCloseMain(kit modal.Kit) (tea.Cmd, modal.Outcome) {
	w, _ := l.rows.SelectedWorkspace()
	body := []string{
		"This workspace is the project's main checkout: it is never deleted.",
		"Closing it kills its agent and run sessions and drops amux's record of it;",
		"the checkout, its files and its branch are not touched.",
		"Type its name to close it.",
	}
	d := dialog.NewTypedConfirm(kit.Th, kit.KM, "Close workspace "+w.Name, body, w.Name)
	id, name, life := w.ID, w.Name, l.lifeOf(w.ID)
	return nil, modal.Outcome{Open: &manageOverlay{Kit: kit, confirm: &d, submit: func(*manageOverlay, string) (tea.Cmd, modal.Outcome) {
		return call(func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
			defer cancel()
			return managedMsg{text: "closed workspace " + name + " (the main checkout is untouched)", err: life.ForgetMain(ctx, id)}
		})
	}}}
}

// mainWorkspace makes the main checkout of repository path a workspace of
// its own, off the update loop; the list selects it (managedMsg).
func (l *listOwner) mainWorkspace(path string) tea.Cmd {
	life := l.lifeOnSelected()
	if life == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), manageTimeout)
		defer cancel()
		rec, err := life.MainWorkspace(ctx, path)
		return managedMsg{text: "the main checkout is workspace " + rec.Name + " (never deleted; closing it closes its sessions)",
			selectWS: rec.ID, err: err}
	}
}
