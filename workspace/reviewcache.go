package workspace

import (
	"context"
	"slices"
	"sync"

	"amux.dev/amux/git"
)

// maxCachedBranches bounds the commit cache: past it (many workspaces
// reviewed over a long session) the cache starts over.
const maxCachedBranches = 256

// commitCache keeps each workspace's branch commits as of the two commit
// ids they were read between (its HEAD and its base's tip): base..head of
// two ids never changes, so a sidebar refresh where neither moved (an
// agent editing files, not committing) runs no git process for them. It
// lives in the Engine, one per engine.
type commitCache struct {
	mu sync.Mutex
	m  map[string]cachedCommits // by workspace id
}

type cachedCommits struct {
	head, base string
	commits    []git.Commit
	count      int
}

// branchCommits returns the commits of base..head in the workspace's
// worktree, from the cache when both ids match the last answer.
func (e *Engine) branchCommits(ctx context.Context, rec Record, head, base string) ([]git.Commit, int, error) {
	if head == "" || base == "" {
		return nil, 0, nil
	}
	c := &e.commits
	c.mu.Lock()
	got, ok := c.m[rec.ID]
	c.mu.Unlock()
	if ok && got.head == head && got.base == base {
		return slices.Clone(got.commits), got.count, nil
	}
	commits, count, err := e.opts.Git.CommitsBetween(ctx, rec.Root, base, head)
	if err != nil {
		return nil, 0, err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCachedBranches {
		c.m = map[string]cachedCommits{}
	}
	c.m[rec.ID] = cachedCommits{head: head, base: base, commits: commits, count: count}
	c.mu.Unlock()
	return slices.Clone(commits), count, nil
}
