package harness

import (
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/ui/keys"
)

// The steps most stories share, as a person takes them: start amux, add a
// project, create a workspace, leave a tab. They live here, not in one
// story's file, so every story takes the same path to its starting point.

// StartWorkbench runs amux at 120×40 in env and waits for the dashboard.
func StartWorkbench(t testing.TB, env *Env) *Terminal {
	t.Helper()
	term := StartAmux(t, env, 120, 40)
	term.WaitText("Projects")
	return term
}

// StartShellAmux runs amux at w×h with sh as the shell (it keeps no
// history file, so nothing writes into HOME as the test ends) and the
// project shop (the returned repository) added.
func StartShellAmux(t testing.TB, w, h int) (*Env, *Terminal, string) {
	t.Helper()
	env := NewEnv(t)
	env.WriteConfig(t, map[string]any{"shell": map[string]any{"command": "exec sh"}})
	repo := env.NewRepo(t, "shop")
	term := StartAmux(t, env, w, h)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	return env, term, repo
}

// AddProject adds repo through the path picker: its absolute path typed,
// then the picker's choose key; it waits until the list shows the project.
func (term *Terminal) AddProject(t testing.TB, repo string) {
	t.Helper()
	term.Press(t, app.ActAddProject)
	term.WaitText("Add project")
	term.Type(repo)
	term.Press(t, keys.ListChoose)
	term.WaitText("▾ " + filepath.Base(repo))
}

// CreateWorkspace fills the create dialog (base empty: the default) and
// waits until the dashboard lists the workspace, selected.
func (term *Terminal) CreateWorkspace(t testing.TB, name, base string) {
	t.Helper()
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type(name)
	if base != "" {
		term.Press(t, keys.FormNext)
		term.Type(base)
	}
	term.Press(t, keys.FormSubmit)
	term.WaitText("created workspace " + name)
	term.WaitText("─ " + name + " ─") // selected: the center shows it
}

// StartCreate fills the create dialog and submits it, without waiting for
// the create to finish (a test kills amux in the middle of it).
func (term *Terminal) StartCreate(t testing.TB, name string) {
	t.Helper()
	term.Press(t, app.ActNewWorkspace)
	term.WaitText("New workspace in")
	term.Type(name)
	term.Press(t, keys.FormSubmit)
}

// StartTeardown presses delete or shelve (action) on the selected
// workspace and confirms it by typing its name, without waiting for the
// teardown to finish.
func (term *Terminal) StartTeardown(t testing.TB, action keys.ActionID, name string) {
	t.Helper()
	term.Press(t, action)
	term.WaitText("Type " + name + " to confirm")
	term.Type(name)
	term.Press(t, keys.FormSubmit)
}

// ShelveWorkspace shelves the selected workspace name through its typed
// confirm and waits for the list to say so.
func (term *Terminal) ShelveWorkspace(t testing.TB, name string) {
	t.Helper()
	term.StartTeardown(t, app.ActShelve, name)
	term.WaitText("shelved workspace " + name)
	term.Press(t, keys.FormCancel)
	// The row says shelved behind the dialog already: wait for the dialog
	// to go, or the next key arrives glued to the Escape (read as Alt+key).
	term.WaitGone("Shelving " + name)
	term.WaitText(name + " shelved")
}

// SelectWorkspace filters the dashboard down to one workspace and puts the
// cursor on it.
func (term *Terminal) SelectWorkspace(t testing.TB, name string) {
	t.Helper()
	term.Press(t, app.ActFilter)
	term.Type(name)
	term.EditField(t, "Enter") // the filter is taken
	term.Press(t, app.ActBottom)
	term.WaitText("─ " + name + " ─")
}

// LeaveTerminal moves focus from a live terminal back to the project list:
// ctrl+space opens the palette with that command on top.
func (term *Terminal) LeaveTerminal(t testing.TB) {
	t.Helper()
	term.WaitText("back to the list") // the terminal has focus: the palette's top entry leaves it
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Press(t, keys.ListChoose)
	term.WaitGone("Commands")
}

// Footer is the screen's last row: the focused pane's name, then its keys.
func Footer(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	return lines[len(lines)-1]
}

// WaitFooter waits until the footer starts with prefix (the name of where
// keys go) and returns the screen.
func (term *Terminal) WaitFooter(t testing.TB, prefix string) string {
	t.Helper()
	return term.WaitScreen(func(s string) bool { return strings.HasPrefix(Footer(s), prefix) },
		"the footer starting "+prefix)
}

// StartReview runs amux wide enough for the sidebar (it shows by default
// from 140 columns), with a project and one workspace, and returns the
// workspace's worktree. The repository gets an identity of its own: amux's
// git drops every GIT_* variable, so a commit or a merge through amux
// takes it from config.
func StartReview(t testing.TB, env *Env, repo, name string) (*Terminal, string) {
	t.Helper()
	term, root := StartReviewAt(t, env, repo, name, 160, 45)
	term.WaitText("no uncommitted changes")
	return term, root
}

// StartReviewAt is StartReview at w×h: below 140 columns the sidebar is
// hidden.
func StartReviewAt(t testing.TB, env *Env, repo, name string, w, h int) (*Terminal, string) {
	t.Helper()
	env.Git(t, repo, "config", "user.name", "amux test")
	env.Git(t, repo, "config", "user.email", "test@amux.invalid")
	term := StartAmux(t, env, w, h)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.CreateWorkspace(t, name, "")
	return term, WorktreePath(env, filepath.Base(repo), name)
}
