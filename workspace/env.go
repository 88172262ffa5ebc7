package workspace

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"amux.dev/amux/tmux"
)

// Environment variables every lifecycle script and run session receives.
const (
	EnvPort          = "AMUX_PORT"           // first port of the interval
	EnvPortRange     = "AMUX_PORT_RANGE"     // "<start>-<end>", inclusive
	EnvWorkspaceRoot = "AMUX_WORKSPACE_ROOT" // the worktree directory
	EnvWorkspaceName = "AMUX_WORKSPACE_NAME"
	EnvWorkspaceID   = "AMUX_WORKSPACE_ID"
	EnvAmux          = "AMUX_ENV"      // always "1"
	EnvBinPath       = "AMUX_BIN_PATH" // the amux binary, for "$AMUX_BIN_PATH" report
	EnvScript        = "AMUX_SCRIPT"   // which lifecycle script is running
	EnvProjectName   = "AMUX_PROJECT_NAME"
)

// extraEnv builds the assignments amux adds for one workspace, in increasing
// precedence: project env (project-env.json), the workspace record's env,
// then amux's own variables, which always win so a script can rely on them.
// A project-env.json that cannot be read degrades to none (logged): the
// registry is user-edited and must not block a workspace.
func (e *Engine) extraEnv(ctx context.Context, rec Record, kind ScriptKind) ([]string, error) {
	vars := map[string]string{}
	penv, err := e.store.ProjectEnv(rec.Repo)
	if err != nil {
		e.log.Warn("project env unavailable; scripts run without it", "repo", rec.Repo, "err", err)
	}
	for k, v := range penv {
		if tmux.ValidEnvKey(k) {
			vars[k] = v
		}
	}
	for k, v := range rec.Env {
		if tmux.ValidEnvKey(k) {
			vars[k] = v
		}
	}
	id := rec.WorkspaceID()
	if e.opts.Ports != nil {
		r, err := e.opts.Ports.Reserve(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("port reservation for %s: %w", id, err)
		}
		vars[EnvPort] = strconv.Itoa(r.Start)
		vars[EnvPortRange] = r.Range()
	}
	vars[EnvWorkspaceRoot] = rec.Root
	vars[EnvWorkspaceName] = rec.Name
	vars[EnvWorkspaceID] = id
	vars[EnvProjectName] = projectName(rec.Repo)
	vars[EnvAmux] = "1"
	if e.opts.AmuxBin != "" {
		vars[EnvBinPath] = e.opts.AmuxBin
	}
	if kind != "" {
		vars[EnvScript] = string(kind)
	}
	out := make([]string, 0, len(vars))
	for k, v := range vars {
		out = append(out, k+"="+strings.ReplaceAll(v, "\x00", ""))
	}
	sort.Strings(out)
	return out, nil
}

// SessionEnv is the environment amux adds to a workspace's agent and
// terminal tabs: project env, workspace env, AMUX_PORT/AMUX_PORT_RANGE from
// the durable registry, names, root, AMUX_ENV=1 and AMUX_BIN_PATH. It goes
// into the pane launch payload, never into argv.
func (e *Engine) SessionEnv(ctx context.Context, id string) ([]string, error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return nil, err
	}
	return e.extraEnv(ctx, rec, "")
}

// projectName is the display name of a repo: its directory's base name.
func projectName(repo string) string { return filepath.Base(repo) }
