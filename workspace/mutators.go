package workspace

import "context"

// The mutators below are the field transactions the UI uses. Each owns
// exactly one field, so concurrent mutators (in this process or another)
// never overwrite each other's work.

// Rename changes the display name. The branch keeps the name it was created
// with: renaming a branch under a live worktree is not amux's business.
func (s *Store) Rename(ctx context.Context, id, name string) (Record, error) {
	if err := ValidateName(name); err != nil {
		return Record{}, err
	}
	return s.Update(ctx, id, func(r *Record) error { r.Name = name; return nil })
}

// SetEnv replaces the per-workspace environment (nil or empty clears it).
func (s *Store) SetEnv(ctx context.Context, id string, env map[string]string) (Record, error) {
	if err := validateEnv(env); err != nil {
		return Record{}, err
	}
	return s.Update(ctx, id, func(r *Record) error {
		r.Env = nil
		if len(env) > 0 {
			r.Env = make(map[string]string, len(env))
			for k, v := range env {
				r.Env[k] = v
			}
		}
		return nil
	})
}

// SetScripts replaces the per-workspace scripts.
func (s *Store) SetScripts(ctx context.Context, id string, scripts ScriptSet) (Record, error) {
	return s.Update(ctx, id, func(r *Record) error { r.Scripts = scripts.clone(); return nil })
}

// SetTabs replaces the persisted open-tab list (the UI debounces calls).
func (s *Store) SetTabs(ctx context.Context, id string, tabs []Tab) (Record, error) {
	return s.Update(ctx, id, func(r *Record) error { r.Tabs = append([]Tab(nil), tabs...); return nil })
}

// setShelved is not exported: shelving is a lifecycle operation with a
// teardown order (Engine.Shelve / Engine.Restore), not a bare flag flip.
func (s *Store) setShelved(ctx context.Context, id string, shelved bool) (Record, error) {
	// A shelve that got here is over, and so is a restore: the next
	// teardown looks at the tree afresh.
	return s.Update(ctx, id, func(r *Record) error { r.Shelved, r.TeardownClean = shelved, false; return nil })
}
