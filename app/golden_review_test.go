package app

import (
	"fmt"
	"path/filepath"
	"testing"

	"amux.dev/amux/app/review"
	"amux.dev/amux/ui/keys"
)

// repoScreen is a screen of review and landing, reached by keys over a
// real repository; prepare changes the repository before amux loads it.
type repoScreen struct {
	name    string
	shows   string
	prepare func(rd *repoDriver)
	keys    func(rd *repoDriver)
}

// conflicting gives main a commit that changes README.md's line the
// feature changed too: merging feature stops on a conflict.
func conflicting(rd *repoDriver) {
	putFile(rd.t(), filepath.Join(rd.repo, "README.md"), "# shop\n\nsells things, cheap\n")
	rd.git("commit", "-qam", "cheaper")
}

func repoScreens() []repoScreen {
	return []repoScreen{
		{"sidebar_changes", "notes.txt", nil, func(rd *repoDriver) { rd.showSidebar() }},
		{"sidebar_project", "README.md", nil, func(rd *repoDriver) { rd.showSidebar(); rd.Press(actSideNextTab) }},
		{"sidebar_terminal", "Terminal", nil, func(rd *repoDriver) { rd.showSidebar(); rd.Press(actSideNextTab).Press(actSideNextTab) }},
		{"diff", "notes.txt", nil, func(rd *repoDriver) { rd.Press(actShowDiff) }},
		{"commit", "Commit", nil, func(rd *repoDriver) { rd.Press(actCommit) }},
		{"land_preview", "feature", nil, func(rd *repoDriver) { rd.Press(actMerge) }},
		{"conflicts", "README.md", conflicting, func(rd *repoDriver) { rd.Press(actMerge).Press(keys.ChoicePick) }},
		{"finish", "README.md", conflicting, func(rd *repoDriver) {
			rd.Press(actMerge).Press(keys.ChoicePick).Press(keys.ChoiceCancel).Press(review.ActFinishLanding)
		}},
		{"create_kept", "kept", func(rd *repoDriver) { rd.git("branch", "kept") }, func(rd *repoDriver) {
			rd.Press(actNewWorkspace).Type("kept").Press(keys.FormSubmit)
		}},
		{"approve_setup", "Approve setup-workspace", func(rd *repoDriver) {
			putFile(rd.t(), filepath.Join(rd.repo, ".amux", "scripts.json"), `{"setup-workspace": ["echo installing the toolchain"]}`)
			rd.git("add", ".amux")
			rd.git("commit", "-qm", "scripts")
		}, func(rd *repoDriver) { rd.Press(actNewWorkspace).Type("feat").Press(keys.FormSubmit) }},
	}
}

// showSidebar shows the sidebar (below 140 columns it is hidden until
// asked for) and gives it the keys.
func (rd *repoDriver) showSidebar() {
	if rd.m.panes().sideWidth() == 0 {
		rd.Press(actToggleSidebar)
	}
	rd.Press(actFocusTabArea).Press(actFocusSidebar)
}

func (rd *repoDriver) t() *testing.T { return rd.tt }

// Every screen of review and landing, at every golden size.
func TestGoldenReviewScreens(t *testing.T) {
	watches := map[string]bool{}
	for _, c := range repoScreens() {
		for _, size := range goldenSizes {
			w, h := size[0], size[1]
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, w, h), func(t *testing.T) {
				rd := newRepoDriver(t, w, h, c.prepare, watches)
				c.keys(rd)
				rd.Sees(c.shows)
				goldenScreen(t, c.name, w, h, rd.Screen())
			})
		}
	}
}
