package app

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/config"
	"amux.dev/amux/workspace"
)

// goldenRoot is what a repository driver's directory reads as on screen:
// the directory's own name has the same length, so replacing it moves
// nothing else and a golden is the same on every run and machine.
const goldenRoot = "/tmp/ag00000000"

// repoDriver is a driver over a real engine and a real repository, shop,
// with a workspace feature one commit ahead of main and one change left
// uncommitted (staged, so a commit has something to take): the screens of
// review and landing need git's answers, not made-up data.
type repoDriver struct {
	*driver
	root, repo string
	feature    workspace.Record
	tt         *testing.T // for prepare, before the driver exists
}

// newRepoDriver builds it at w×h, the list on feature. The directory has
// a fixed-length name under /tmp so goldenRoot can stand in for it (a
// t.TempDir's length differs between tests and machines).
// watches are the commands earlier drivers of the test found waiting on
// the world (nil: none known), so each test waits for a watch once.
func newRepoDriver(t *testing.T, w, h int, prepare func(rd *repoDriver), watches map[string]bool) *repoDriver {
	t.Helper()
	onlyGitOnPath(t)
	root := fmt.Sprintf("/tmp/ag%08x", rand.Uint32())
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	home := filepath.Join(root, "home")
	repo := filepath.Join(root, "shop")
	for _, dir := range []string{home, repo} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	// Commits at a fixed time have the same hashes on every run.
	t.Setenv("GIT_AUTHOR_DATE", "2026-11-02T09:00:00Z")
	t.Setenv("GIT_COMMITTER_DATE", "2026-11-02T09:00:00Z")
	putFile(t, filepath.Join(home, ".gitconfig"), "[user]\n\tname = Dev\n\temail = dev@amux.invalid\n")
	rd := &repoDriver{root: root, repo: repo, tt: t}
	rd.git("init", "-q", "-b", "main")
	putFile(t, filepath.Join(repo, "README.md"), "# shop\n\nsells things\n")
	putFile(t, filepath.Join(repo, "notes.txt"), "one\ntwo\nthree\n")
	rd.git("add", ".")
	rd.git("commit", "-qm", "start")

	eng, err := workspace.New(workspace.Options{Home: filepath.Join(root, "state")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := eng.AddProject(ctx, repo); err != nil {
		t.Fatal(err)
	}
	res, err := eng.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "feature", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	rd.feature = res.Workspace
	putFile(t, filepath.Join(rd.feature.Root, "README.md"), "# shop\n\nsells things, fast\n")
	rd.gitIn(rd.feature.Root, "commit", "-qam", "faster")
	putFile(t, filepath.Join(rd.feature.Root, "notes.txt"), "one\ntwo, changed\nthree\n")
	rd.gitIn(rd.feature.Root, "add", "notes.txt")
	putFile(t, filepath.Join(rd.feature.Root, "notes.txt"), "one\ntwo, changed\nthree, unstaged\n")
	if prepare != nil {
		prepare(rd)
	}

	m := New(withEngine(Deps{Config: config.Defaults(), Now: func() time.Time { return driverNow }, Zone: time.UTC,
		Home: home, Cwd: root}, eng))
	if watches == nil {
		watches = map[string]bool{}
	}
	rd.driver = &driver{t: t, m: m, quiet: time.Second, watches: watches}
	rd.Send(tea.WindowSizeMsg{Width: w, Height: h})
	rd.Press(actRefresh)
	rd.m.list.rows.SelectWorkspace(rd.feature.WorkspaceID())
	rd.Send(nil)
	return rd
}

// What the engine draws at random or from its own clock: a workspace's ID
// and its creation time.
var (
	workspaceID = regexp.MustCompile(`\b[0-9a-f]{16}\b`)
	createdDay  = regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b`)
	createdTime = regexp.MustCompile(`\b\d\d:\d\d\b`)
)

// Screen is the driver's screen with the directory shown as goldenRoot,
// every workspace ID as zeros and every time as the sample's (each the
// same length, so nothing moves).
func (rd *repoDriver) Screen() string {
	// The name alone: a wrap may split the path at a slash.
	s := strings.ReplaceAll(rd.driver.Screen(), filepath.Base(rd.root), filepath.Base(goldenRoot))
	s = workspaceID.ReplaceAllString(s, "0000000000000000")
	s = createdDay.ReplaceAllString(s, "2026-11-02")
	return createdTime.ReplaceAllString(s, "09:30")
}

func (rd *repoDriver) git(args ...string) string { return rd.gitIn(rd.repo, args...) }

func (rd *repoDriver) gitIn(dir string, args ...string) string {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		panic(fmt.Sprintf("git %v: %v\n%s", args, err, out))
	}
	return strings.TrimSpace(string(out))
}

// putFile writes text at path, making its directory.
func putFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
