package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/commitmsg"
)

// git refuses a commit because nobody told it who commits: the commit
// dialog stays open with git's own words, whole, and the fix ("set
// user.name and user.email"), and the log has the refusal.
func TestCommitRefusedWithoutAnIdentityShowsTheReasonAndTheFix(t *testing.T) {
	env := harness.NewEnv(t)
	repo := env.NewRepo(t, "shop")
	// No identity in any config amux's git reads, and none guessed from
	// the host name.
	env.Git(t, repo, "config", "user.useConfigOnly", "true")
	term := harness.StartAmux(t, env, 160, 45)
	term.WaitText("Projects")
	term.AddProject(t, repo)
	term.CreateWorkspace(t, "feat", "")
	root := filepath.Join(env.StateHome, "worktrees", "shop", "feat")
	harness.WriteFile(t, filepath.Join(root, "README.md"), "# shop, changed\n")
	env.Git(t, root, "add", "README.md")
	term.WaitText("Staged (1)")

	term.Press(t, app.ActCommit)
	term.WaitText("0/100")
	term.Type("Change the readme")
	term.Press(t, commitmsg.ActCommit)
	term.WaitText("Please tell me who you are")
	term.WaitText("fix: set user.name and user.email")
	term.WaitText("17/100") // still open, the message kept
	if strings.Contains(term.Screen(), "--file=-") {
		t.Fatalf("the dialog shows the command line instead of the reason:\n%s", term.Screen())
	}
	harness.Eventually(t, func() (bool, string) {
		b, _ := os.ReadFile(filepath.Join(env.StateHome, "logs", "amux.log"))
		return strings.Contains(string(b), "msg=commit") && strings.Contains(string(b), "outcome=failed") &&
			strings.Contains(string(b), "identity"), "the log lacks the refused commit:\n" + string(b)
	})
	if got := env.Git(t, root, "rev-list", "--count", "HEAD"); got != "1" {
		t.Fatalf("a commit was made: %s commits", got)
	}
}
