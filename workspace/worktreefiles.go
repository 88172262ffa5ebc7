package workspace

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"amux.dev/amux/config/atomicfile"
)

// RepoWorktreeFile is where a repository lists what a new worktree needs
// from the main checkout, relative to the checkout root:
//
//	{"copy": [".env", "config/local.yml"], "symlink": ["node_modules"]}
//
// Copies are regular files; links point at the main checkout's path. It
// is applied before setup-workspace runs, and, being the repository's
// word, only after the person approved its exact content (the trust gate
// of repo scripts, as kind KindWorktreeFiles).
const RepoWorktreeFile = ".amux/worktree.json"

// KindWorktreeFiles is the trust kind of a repository's worktree file
// list: approvals live in trusted-scripts.json beside the scripts'.
const KindWorktreeFiles ScriptKind = "worktree-files"

// maxCopy bounds one copied file: a .env is small; a repository naming a
// 50 MB file gets a refusal, not a stall.
const maxCopy = 16 << 20

// maxWorktreeEntries bounds the list.
const maxWorktreeEntries = 256

// WorktreeFiles is a parsed worktree file list.
type WorktreeFiles struct {
	Copy    []string `json:"copy"`
	Symlink []string `json:"symlink"`
}

// commands renders the list as the lines a person approves ("copy .env").
func (w WorktreeFiles) commands() []string {
	var out []string
	for _, p := range w.Copy {
		out = append(out, "copy "+p)
	}
	for _, p := range w.Symlink {
		out = append(out, "symlink "+p)
	}
	return out
}

// readWorktreeFiles reads a checkout's .amux/worktree.json like the scripts
// file: no links, regular files only, capped, with a deadline. Missing is
// an empty list; anything unusable is an ErrRepoScripts error.
func readWorktreeFiles(root string) (WorktreeFiles, error) {
	data, err := atomicfile.ReadRegular(root, RepoWorktreeFile, maxRepoScripts, repoReadTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return WorktreeFiles{}, nil
	}
	if err != nil {
		return WorktreeFiles{}, fmt.Errorf("%w: %w", ErrRepoScripts, err)
	}
	var w WorktreeFiles
	if err := json.Unmarshal(data, &w); err != nil {
		return WorktreeFiles{}, fmt.Errorf("%w: %s is not valid JSON: %v (in %s)", ErrRepoScripts, RepoWorktreeFile, err, root)
	}
	if len(w.Copy)+len(w.Symlink) > maxWorktreeEntries {
		return WorktreeFiles{}, fmt.Errorf("%w: %s lists more than %d paths", ErrRepoScripts, RepoWorktreeFile, maxWorktreeEntries)
	}
	return w, nil
}

// provisionWorktree applies the approved list of rec's checkout: each copy
// and link that can be made safely is made, each that cannot is skipped
// with its reason (never fatal, never overwriting what the worktree has).
// It is idempotent, so a setup run after a crash finishes what the last
// one began. The main checkout as a workspace gets nothing: it is the
// source. The notes say what happened, one line per entry.
func (e *Engine) provisionWorktree(rec Record) (notes []string, err error) {
	if sameDir(rec.Root, rec.Repo) {
		return nil, nil
	}
	// One read: the list applied is the list whose content was approved.
	w, err := readWorktreeFiles(rec.Root)
	if err != nil {
		return nil, err
	}
	cmds := w.commands()
	if len(cmds) == 0 {
		return nil, nil
	}
	if sc := newScript(KindWorktreeFiles, SourceRepo, cmds); !e.store.IsTrusted(rec.Repo, sc) {
		return nil, &UntrustedError{Repo: rec.Repo, Script: sc}
	}
	for _, p := range w.Copy {
		notes = append(notes, note("copy", p, copyIn(rec.Repo, rec.Root, p)))
	}
	for _, p := range w.Symlink {
		notes = append(notes, note("symlink", p, linkIn(rec.Repo, rec.Root, p)))
	}
	return notes, nil
}

// errPresent means the worktree has the path already: it is left alone.
var errPresent = errors.New("already in the worktree, left as it is")

func note(op, p string, err error) string {
	switch {
	case err == nil:
		return op + " " + p + ": done"
	case errors.Is(err, errPresent):
		return op + " " + p + ": " + err.Error()
	}
	return op + " " + p + ": skipped, " + err.Error()
}

// checkEntry refuses a path that leaves the checkout or reaches into git's
// own directory.
func checkEntry(p string) (string, error) {
	rel := filepath.FromSlash(p)
	if p == "" || !filepath.IsLocal(rel) {
		return "", errors.New("not a path inside the checkout")
	}
	for _, part := range strings.Split(filepath.ToSlash(filepath.Clean(rel)), "/") {
		if part == ".git" {
			return "", errors.New("inside .git")
		}
	}
	return filepath.Clean(rel), nil
}

// copyIn copies the regular file rel from the main checkout into the
// worktree, keeping its permission bits.
func copyIn(repo, root, p string) error {
	rel, err := checkEntry(p)
	if err != nil {
		return err
	}
	dst, err := prepareDest(root, rel)
	if err != nil {
		return err
	}
	fi, err := os.Lstat(filepath.Join(repo, rel))
	if err != nil {
		return errors.New("not in the main checkout")
	}
	data, err := atomicfile.ReadRegular(repo, filepath.ToSlash(rel), maxCopy, repoReadTimeout)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(dst, data, fi.Mode().Perm())
}

// linkIn makes rel in the worktree a symbolic link to the same path in the
// main checkout, which must be there and not itself a link.
func linkIn(repo, root, p string) error {
	rel, err := checkEntry(p)
	if err != nil {
		return err
	}
	dst, err := prepareDest(root, rel)
	if err != nil {
		return err
	}
	src := filepath.Join(repo, rel)
	fi, err := os.Lstat(src)
	switch {
	case err != nil:
		return errors.New("not in the main checkout")
	case fi.Mode()&fs.ModeSymlink != 0:
		return errors.New("is a link in the main checkout; amux does not follow links it did not make")
	}
	if err := noLinkOnTheWay(repo, rel); err != nil {
		return err
	}
	return os.Symlink(src, dst)
}

// prepareDest returns where rel goes in the worktree, creating its parent
// directories; every directory on the way must be a real one (a link the
// checkout delivered would carry the write outside the worktree), and the
// destination must not exist yet.
func prepareDest(root, rel string) (string, error) {
	dir := root
	parts := strings.Split(filepath.Dir(rel), string(filepath.Separator))
	for _, part := range parts {
		if part == "." || part == "" {
			continue
		}
		dir = filepath.Join(dir, part)
		fi, err := os.Lstat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Mkdir(dir, 0o755); err != nil {
				return "", err
			}
		case err != nil:
			return "", err
		case !fi.IsDir():
			return "", fmt.Errorf("%s in the worktree is not a directory (a link is not followed)", part)
		}
	}
	dst := filepath.Join(root, rel)
	if _, err := os.Lstat(dst); err == nil {
		return "", errPresent
	}
	return dst, nil
}

// noLinkOnTheWay refuses a source whose parent directories in the main
// checkout include a link.
func noLinkOnTheWay(repo, rel string) error {
	dir := repo
	for _, part := range strings.Split(filepath.Dir(rel), string(filepath.Separator)) {
		if part == "." || part == "" {
			continue
		}
		dir = filepath.Join(dir, part)
		if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
			return errors.New("a directory on the way in the main checkout is a link or missing")
		}
	}
	return nil
}

func sameDir(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return ra == rb
}
