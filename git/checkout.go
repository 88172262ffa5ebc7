package git

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// checkout is one work tree amux operates on, located and vetted once per
// operation. Its driver config is read lazily: commands that only touch refs
// and objects never need it, everything else waits for it.
type checkout struct {
	r       *Runner
	top     string
	drivers *driverConfig
}

// open locates the work tree containing dir and refuses forged state before
// any git process runs there.
func (r *Runner) open(dir string) (*checkout, error) {
	top, err := locate(dir)
	if err != nil {
		return nil, err
	}
	return &checkout{r: r, top: top}, nil
}

// locate finds the nearest directory at or above dir holding a .git entry,
// the way git's discovery does, so the work tree we pin is the one git
// would have found. It refuses a .git directory that holds a commondir file.
func locate(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	// git resolves the cwd physically; so do we, or the discovery ceiling
	// we hand it would not line up with the path it walks.
	real, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s: %w", dir, ErrNoSuchPath)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", dir, err)
	}
	if fi, err := os.Stat(real); err != nil {
		return "", fmt.Errorf("%s: %w", dir, err)
	} else if !fi.IsDir() {
		return "", fmt.Errorf("%s: %w", dir, ErrNotDirectory)
	}
	for d := real; ; {
		dotgit := filepath.Join(d, ".git")
		if fi, err := os.Stat(dotgit); err == nil {
			if fi.IsDir() {
				if err := refuseCommondir(dotgit); err != nil {
					return "", err
				}
			}
			return d, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%s: %w", dotgit, err)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("%s: %w", dir, ErrNotRepo)
		}
		d = parent
	}
}

// refuseCommondir rejects a checkout's .git directory that holds a commondir
// file. git writes commondir only under <common>/worktrees/<id>/ (a linked
// worktree's .git is a file pointing there), so inside a checkout's own .git
// it can only be planted, to borrow another repository's config, hooks,
// objects and refs.
func refuseCommondir(dotgit string) error {
	p := filepath.Join(dotgit, "commondir")
	if _, err := os.Lstat(p); err == nil {
		return fmt.Errorf("%w: %s exists; git only writes commondir under <common>/worktrees/<id>/, refusing this repository", ErrForgedCommondir, p)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", p, err)
	}
	return nil
}

// run executes a git command in the checkout with its repo-configured
// filters neutralized. It is the default; use runRefs only for commands
// that cannot read or write work-tree content.
func (c *checkout) run(ctx context.Context, args ...string) ([]byte, error) {
	return c.invoke(ctx, invocation{args: args})
}

// invoke runs a fully specified invocation, filling in the checkout's
// location and filter neutralization.
func (c *checkout) invoke(ctx context.Context, inv invocation) ([]byte, error) {
	if !c.r.opts.AllowRepoCode {
		d, err := c.driverConfig(ctx)
		if err != nil {
			return nil, err
		}
		inv.filters = mergeFilters(d.repoFilters, inv.filters)
	}
	inv.top = c.top
	return c.r.exec(ctx, inv)
}

// runRefs executes a command that only reads or writes refs, objects or
// config (rev-parse, for-each-ref, ls-tree, cat-file, branch -D, …). None
// of them runs a filter, so they skip the config enumeration.
func (c *checkout) runRefs(ctx context.Context, args ...string) ([]byte, error) {
	return c.r.exec(ctx, invocation{top: c.top, args: args})
}

// driverConfig reads, once per operation, which filter and merge drivers
// the repository's config defines.
func (c *checkout) driverConfig(ctx context.Context) (*driverConfig, error) {
	if c.drivers == nil {
		d, err := readDriverConfig(ctx, c.r, c.top)
		if err != nil {
			return nil, err
		}
		c.drivers = d
	}
	return c.drivers, nil
}

// exitCode reports git's exit status from an *Error, or -1.
func exitCode(err error) int {
	var ge *Error
	if errors.As(err, &ge) {
		return ge.ExitCode
	}
	return -1
}
