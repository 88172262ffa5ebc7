package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"amux.dev/amux/git"
)

// Project is one entry of projects.json: a repository the user added.
type Project struct {
	Path  string    `json:"path"` // the repo's toplevel, absolute
	Name  string    `json:"name"` // display name, the directory's base name by default
	Added time.Time `json:"added"`
}

// projectsKey is the projects.json key holding the ordered list. Entries are
// kept as raw JSON so fields another tool added to an entry survive.
const projectsKey = "projects"

// Projects returns the registered projects in the user's order. A corrupt
// file reads as empty with an error; entries without a path are skipped.
func (s *Store) Projects() ([]Project, error) {
	doc, err := readObject(s.layout.ProjectsFile())
	if err != nil {
		return nil, err
	}
	var raw []json.RawMessage
	if _, err := getEntry(doc, s.layout.ProjectsFile(), projectsKey, &raw); err != nil {
		return nil, err
	}
	var out []Project
	for _, r := range raw {
		var p Project
		if json.Unmarshal(r, &p) == nil && p.Path != "" {
			out = append(out, p)
		}
	}
	return out, nil
}

// AddProject registers repo (an absolute toplevel; Engine.AddProject
// resolves one from any path inside a repository). Adding a registered
// project is a no-op that returns the existing entry.
func (s *Store) AddProject(ctx context.Context, repo, name string) (Project, error) {
	if !filepath.IsAbs(repo) {
		return Project{}, fmt.Errorf("add project: %q is not absolute", repo)
	}
	if name == "" {
		name = filepath.Base(repo)
	}
	p := Project{Path: filepath.Clean(repo), Name: name, Added: time.Now().UTC()}
	err := updateObject(ctx, s.layout.ProjectsFile(), false, func(doc map[string]json.RawMessage) error {
		list := projectList(doc)
		for _, r := range list {
			var old Project
			if json.Unmarshal(r, &old) == nil && old.Path == p.Path {
				p = old
				return errUnchanged // already registered: no write
			}
		}
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		return setEntry(doc, projectsKey, append(list, b))
	})
	return p, err
}

// RemoveProject drops repo from the registry. Its workspaces are not
// touched; removing a project that is not registered is not an error.
func (s *Store) RemoveProject(ctx context.Context, repo string) error {
	repo = filepath.Clean(repo)
	return updateObject(ctx, s.layout.ProjectsFile(), false, func(doc map[string]json.RawMessage) error {
		list := projectList(doc)
		kept := list[:0]
		for _, r := range list {
			var old Project
			if json.Unmarshal(r, &old) == nil && old.Path == repo {
				continue
			}
			kept = append(kept, r)
		}
		if len(kept) == len(list) {
			return errUnchanged // not registered: no write
		}
		return setEntry(doc, projectsKey, kept)
	})
}

// projectList returns the raw entries, or none when the key is missing or
// malformed (the save then rewrites it: the authoritative write).
func projectList(doc map[string]json.RawMessage) []json.RawMessage {
	var list []json.RawMessage
	if raw, ok := doc[projectsKey]; ok {
		if json.Unmarshal(raw, &list) != nil {
			list = nil
		}
	}
	return list
}

// AddProject registers the repository containing path: it is resolved to
// its toplevel with the hardened git runner first, so any directory inside
// the repository names the same project. The repository's existing linked
// worktrees become workspaces (ImportWorktrees); a failure there is logged,
// the project is registered all the same, and the next refresh tries again.
func (e *Engine) AddProject(ctx context.Context, path string) (Project, error) {
	repo, err := e.opts.Git.Toplevel(ctx, path)
	switch {
	case errors.Is(err, git.ErrNoSuchPath):
		return Project{}, fmt.Errorf("%s does not exist", path)
	case errors.Is(err, git.ErrNotDirectory):
		return Project{}, fmt.Errorf("%s is a file, not a directory", path)
	case errors.Is(err, git.ErrNotRepo):
		return Project{}, fmt.Errorf("%s is not inside a git repository", path)
	}
	if err != nil {
		return Project{}, err
	}
	p, err := e.store.AddProject(ctx, repo, "")
	if err != nil {
		return p, err
	}
	if _, _, err := e.ImportWorktrees(ctx, repo); err != nil {
		e.log.Warn("project added but its worktrees not imported", "repo", repo, "err", err)
	}
	return p, nil
}
