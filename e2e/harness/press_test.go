package harness

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A story presses an action by its exported ID (app.ActDelete, keys.…),
// never by a string: a renamed action then breaks the build, not a run.
func TestStoriesPressTypedActions(t *testing.T) {
	stories, err := filepath.Glob(filepath.Join("..", "*_test.go"))
	if err != nil || len(stories) == 0 {
		t.Fatalf("no stories found: %v", err)
	}
	literal := regexp.MustCompile(`\.Press\(\w+, "`)
	for _, path := range stories {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if loc := literal.FindIndex(src); loc != nil {
			line := 1 + strings.Count(string(src[:loc[0]]), "\n")
			t.Errorf("%s:%d presses an action by a string", filepath.Base(path), line)
		}
	}
}
