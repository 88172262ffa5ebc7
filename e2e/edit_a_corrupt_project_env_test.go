package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
)

// A project-env.json that is not JSON still opens in the editor, which says
// that saving replaces the file; the save writes a valid file holding what
// was typed (the contract: corrupt JSON is replaced by the authoritative
// write).
func TestEditACorruptProjectEnv(t *testing.T) {
	env, term, repo := harness.StartShellAmux(t, 80, 24)
	path := filepath.Join(env.StateHome, "project-env.json")
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	term.Press(t, app.ActPalette)
	term.WaitText("Commands")
	term.Type("edit the selected project's environment")
	term.Press(t, keys.ListChoose)
	term.WaitText("Environment of shop")
	term.WaitText("saving here replaces the whole file")
	term.Type("PORT")
	term.Press(t, keys.FormNext)
	term.Type("8080")
	term.Press(t, keys.FormSubmit)
	term.WaitText("saved the environment of shop")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]map[string]string
	if err := json.Unmarshal(b, &doc); err != nil || doc[repo]["PORT"] != "8080" {
		t.Fatalf("project-env.json after the save: %s (%v)", b, err)
	}
}
