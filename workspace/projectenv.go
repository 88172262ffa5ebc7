package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"amux.dev/amux/tmux"
)

// project-env.json maps a project (repo toplevel) to environment variables
// every lifecycle script and pane of its workspaces receives:
//
//	{"/src/app": {"DATABASE_URL": "postgres://localhost/app_dev"}}

// ProjectEnv returns one project's environment.
func (s *Store) ProjectEnv(repo string) (map[string]string, error) {
	doc, err := readObject(s.layout.ProjectEnvFile())
	if err != nil {
		return nil, err
	}
	env := map[string]string{}
	_, err = getEntry(doc, s.layout.ProjectEnvFile(), repo, &env)
	return env, err
}

// SetProjectEnv replaces one project's environment (empty removes the
// entry), under preserve-on-unreadable.
func (s *Store) SetProjectEnv(ctx context.Context, repo string, env map[string]string) error {
	if err := validateEnv(env); err != nil {
		return err
	}
	return updateObject(ctx, s.layout.ProjectEnvFile(), false, func(doc map[string]json.RawMessage) error {
		if len(env) == 0 {
			return setEntry(doc, repo, nil)
		}
		return setEntry(doc, repo, env)
	})
}

// validateEnv refuses keys a shell or execve would mangle and values with
// NUL, so what the user saved is exactly what a script sees.
func validateEnv(env map[string]string) error {
	for k, v := range env {
		if !tmux.ValidEnvKey(k) {
			return fmt.Errorf("environment: %q is not a valid variable name", k)
		}
		if strings.ContainsRune(v, 0) {
			return fmt.Errorf("environment: value of %s contains a NUL byte", k)
		}
	}
	return nil
}
