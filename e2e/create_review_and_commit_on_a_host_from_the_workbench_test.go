package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/changes"
	"amux.dev/amux/ui/commitmsg"
	"amux.dev/amux/ui/diffview"
	"amux.dev/amux/ui/keys"
)

// A person works on a host the way they work here, all from the
// workbench: on the host's row they add a project by its path there,
// create a workspace in it, see a change made on the host in the sidebar's
// Changes, read its diff, stage it and commit it — every step run by the
// host's engine through the connection, none on this machine.
func TestCreateReviewAndCommitOnAHostFromTheWorkbench(t *testing.T) {
	s, o := remoteHost(t, true)
	remote := &harness.Env{Home: s.RemoteHome}
	repo := remote.NewRepo(t, "shop")
	remote.Git(t, repo, "config", "user.name", "Host Person")
	remote.Git(t, repo, "config", "user.email", "person@build.lan")

	env, term := hostWorkbench(t, s, 160, 45) // wide: the sidebar shows
	term.WaitText("build  connected")

	term.Press(t, app.ActBottom) // the host's row
	term.Press(t, app.ActAddProject)
	term.WaitText("Add project on build")
	term.Type(repo)
	term.Press(t, keys.FormSubmit)
	term.WaitText("added project shop")
	term.WaitText("▾ shop")

	term.Press(t, app.ActBottom) // the host's project
	term.CreateWorkspace(t, "checkout-flow", "")
	h := startHost(t, o)
	awaitHost(t, h, 30*time.Second, "connected", func() bool { return h.Err() == nil })
	recs, err := h.Workspaces(t.Context())
	if err != nil || len(recs) != 1 || recs[0].Name != "checkout-flow" {
		t.Fatalf("the host's records: %+v, %v", recs, err)
	}
	root := recs[0].Root
	if !strings.HasPrefix(root, s.RemoteHome) {
		t.Fatalf("the worktree %s is not in the host's home %s", root, s.RemoteHome)
	}
	if local, _ := filepath.Glob(filepath.Join(env.StateHome, "worktrees", "*")); len(local) > 0 {
		t.Fatalf("a worktree was made on this machine: %v", local)
	}

	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop\nchecked out on the host\n")
	term.WaitText("Unstaged (1)") // the host's watch, pushed
	term.Press(t, app.ActFocusTabArea)
	term.Press(t, app.ActFocusSidebar)
	term.Press(t, changes.ActOpen)
	term.WaitText("README.md · unstaged")
	term.WaitText("+ checked out on the host") // the diff, read on the host
	term.Press(t, diffview.ActClose)
	term.WaitGone("README.md · unstaged") // else the next key arrives glued to the Escape
	term.Press(t, changes.ActStage)
	term.WaitText("Staged (1)")
	term.Press(t, changes.ActCommit)
	term.WaitText("0/100")
	term.Type("Check out on the host")
	term.Press(t, commitmsg.ActCommit)
	term.WaitText("committed")
	term.WaitGone("Staged (1)")
	if got := remote.Git(t, root, "log", "-1", "--format=%s %an"); got != "Check out on the host Host Person" {
		t.Fatalf("the host's last commit: %q", got)
	}
}
