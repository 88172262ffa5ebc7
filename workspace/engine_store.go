package workspace

import "context"

// The engine's reads and writes of its store, as its services offer them:
// the app reaches the store only through these, so a remote host can answer
// them from its own state home. The context is for that host; the local
// store's reads are bounded by atomicfile's own deadlines and its writes by
// ctx.

// Projects returns the registered projects in the user's order (see
// Store.Projects).
func (e *Engine) Projects(context.Context) ([]Project, error) { return e.store.Projects() }

// Workspaces returns every record, oldest first (see Store.List).
func (e *Engine) Workspaces(context.Context) ([]Record, error) { return e.store.List() }

// SaveTabs replaces a workspace's recorded open-tab list.
func (e *Engine) SaveTabs(ctx context.Context, id string, tabs []Tab) error {
	_, err := e.store.SetTabs(ctx, id, tabs)
	return err
}

// ProjectEnv returns one project's environment (project-env.json).
func (e *Engine) ProjectEnv(_ context.Context, repo string) (map[string]string, error) {
	return e.store.ProjectEnv(repo)
}

// SetProjectEnv replaces one project's environment (see Store.SetProjectEnv).
func (e *Engine) SetProjectEnv(ctx context.Context, repo string, env map[string]string) error {
	return e.store.SetProjectEnv(ctx, repo, env)
}

// ProjectScripts returns one project's script defaults (project-scripts.json).
func (e *Engine) ProjectScripts(_ context.Context, repo string) (ScriptSet, error) {
	return e.store.ProjectScripts(repo)
}

// SetProjectScripts writes one project's script defaults (see
// Store.SetProjectScripts).
func (e *Engine) SetProjectScripts(ctx context.Context, repo string, set ScriptSet) error {
	return e.store.SetProjectScripts(ctx, repo, set)
}

// ViewState reads the app's last saved layout (see Store.ViewState).
func (e *Engine) ViewState(context.Context) (ViewState, error) { return e.store.ViewState() }

// SaveViewState writes the app's layout (see Store.SaveViewState).
func (e *Engine) SaveViewState(ctx context.Context, v ViewState) error {
	return e.store.SaveViewState(ctx, v)
}
