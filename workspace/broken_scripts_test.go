package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// brokenScripts are the shapes of .amux/scripts.json a repository can commit
// that amux must refuse: each makes the file at p (under root) unusable, and
// want is what the refusal says.
var brokenScripts = []struct {
	name, want string
	plant      func(root, p string) error
}{
	{"link to /dev/tty", "is a symlink", func(_, p string) error { return os.Symlink("/dev/tty", p) }},
	{"linked folder", "passes through .amux, a symlink", func(root, _ string) error {
		if err := os.Rename(filepath.Join(root, ".amux"), filepath.Join(root, "elsewhere")); err != nil {
			return err
		}
		return os.Symlink("elsewhere", filepath.Join(root, ".amux"))
	}},
	{"directory", "is a directory", func(_, p string) error { return os.Mkdir(p, 0o755) }},
	{"invalid JSON", "is not valid JSON", func(_, p string) error { return os.WriteFile(p, []byte(`{"archive":`), 0o644) }},
}

// breakScripts replaces the workspace's scripts file with a broken one and
// commits it, as a hostile repository would: the tree stays clean, so a
// teardown has no uncommitted work to ask about.
func breakScripts(t *testing.T, root string, plant func(root, p string) error) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(RepoScriptsFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Remove(p)
	if err := plant(root, p); err != nil {
		t.Fatal(err)
	}
	runGit(t, root, "add", "-A")
	runGit(t, root, "commit", "-q", "-m", "break the scripts file")
}

// A broken repository scripts file refuses setup and run with a message
// naming the file, and never blocks a delete or a shelve: both skip the
// archive script, say why, and finish.
func TestBrokenRepoScriptsNeverBlockTeardown(t *testing.T) {
	ctx := context.Background()
	for _, c := range brokenScripts {
		t.Run(c.name, func(t *testing.T) {
			repo := newRepo(t, map[string]string{RepoScriptsFile: `{}`})
			e := newEngine(t, nil)
			var ws [2]Record
			for i, name := range []string{"gone", "parked"} {
				res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: name, SkipSetup: true})
				if err != nil {
					t.Fatal(err)
				}
				ws[i] = res.Workspace
				// A user-authored archive that would run were the repo file fine.
				if _, err := e.Store().SetScripts(ctx, ws[i].ID, ScriptSet{Archive: "touch ../archived-" + name}); err != nil {
					t.Fatal(err)
				}
				breakScripts(t, ws[i].Root, c.plant)
			}
			gone, parked := ws[0], ws[1]

			_, err := e.RunSetup(ctx, gone.ID)
			if !errors.Is(err, ErrRepoScripts) || !strings.Contains(err.Error(), RepoScriptsFile+" "+c.want) {
				t.Fatalf("setup: want a refusal naming %s (%q), got %v", RepoScriptsFile, c.want, err)
			}
			if err := e.StartLocalRun(ctx, gone.ID); !errors.Is(err, ErrRepoScripts) {
				t.Fatalf("run: want ErrRepoScripts, got %v", err)
			}

			res, err := e.Delete(ctx, gone.ID, DeleteOptions{})
			if err != nil {
				t.Fatalf("delete: %v", err)
			}
			if !errors.Is(res.ArchiveSkipped, ErrRepoScripts) || res.Archive.Ran {
				t.Fatalf("delete: want the archive skipped for the broken file, got %+v", res)
			}
			if exists(gone.Root) || exists(e.Store().Layout().WorkspaceDir(gone.ID)) || e.CleanupStatus(gone.ID) != CleanupNone {
				t.Fatal("delete left the worktree, the record or a tombstone")
			}

			res, err = e.Shelve(ctx, parked.ID, DeleteOptions{})
			if err != nil {
				t.Fatalf("shelve: %v", err)
			}
			if !errors.Is(res.ArchiveSkipped, ErrRepoScripts) || res.Archive.Ran {
				t.Fatalf("shelve: want the archive skipped for the broken file, got %+v", res)
			}
			if rec, err := e.Store().Load(parked.ID); err != nil || !rec.Shelved || exists(parked.Root) {
				t.Fatalf("shelve did not finish: %+v %v", rec, err)
			}
			for _, name := range []string{"gone", "parked"} {
				if exists(filepath.Join(filepath.Dir(gone.Root), "archived-"+name)) {
					t.Fatalf("an archive script ran for %s although the scripts file is broken", name)
				}
			}
		})
	}
}
