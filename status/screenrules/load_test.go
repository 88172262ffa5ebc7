package screenrules

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

func writeRules(t *testing.T, home, name, body string) string {
	t.Helper()
	dir := filepath.Join(home, DirName)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".toml")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDefaultsLoad(t *testing.T) {
	set, errs := Load("")
	if len(errs) > 0 {
		t.Fatalf("built-in rules: %v", errs)
	}
	if got := slices.Sorted(maps.Keys(set.rules)); !slices.Equal(got, []string{"claude", "codex", "gemini", "opencode"}) {
		t.Fatalf("assistants %v", got)
	}
	// A missing screen-rules folder is normal, not an error.
	if _, errs := Load(t.TempDir()); len(errs) > 0 {
		t.Fatalf("empty home: %v", errs)
	}
}

// Screens shared by the merge cases below.
var (
	claudeBusy = []string{"✻ Thinking… (esc to interrupt)", "", "> ", "  ? for shortcuts"}
	claudeIdle = []string{"● Done.", "", "> ", "  ? for shortcuts"}
	claudeOdd  = []string{"◐ Reticulating splines", "", "> ", "  ? for shortcuts"}
)

func TestUserRulesMerge(t *testing.T) {
	cases := []struct {
		name      string
		assistant string
		file      string
		screen    []string
		want      string // "state rule-name", or "" for no verdict
		fromUser  bool
	}{
		{
			name: "prepended rule adds a busy footer", assistant: "claude",
			file: `[[rule]]
name = "reticulating"
state = "working"
any = ["Reticulating"]`,
			screen: claudeOdd, want: "working claude/reticulating", fromUser: true,
		},
		{
			name: "defaults still apply after a prepend", assistant: "claude",
			file: `[[rule]]
name = "reticulating"
state = "working"
any = ["Reticulating"]`,
			screen: claudeBusy, want: "working claude/busy-footer",
		},
		{
			name: "user idle rule never beats a default busy rule", assistant: "claude",
			file: `[[rule]]
name = "my-prompt"
state = "idle"
any = ["re:^> "]`,
			screen: claudeBusy, want: "working claude/busy-footer",
		},
		{
			name: "same name replaces the default rule", assistant: "claude",
			file: `[[rule]]
name = "busy-footer"
state = "working"
any = ["Reticulating"]`,
			screen: claudeBusy, want: "idle claude/composer",
		},
		{
			name: "disable drops a default rule", assistant: "claude",
			file:   `disable = ["composer", "no-such-rule"]`,
			screen: claudeIdle, want: "",
		},
		{
			name: "replace drops every default", assistant: "claude",
			file: `mode = "replace"
[[rule]]
name = "done"
state = "idle"
all = ["● Done."]`,
			screen: claudeBusy, want: "",
		},
		{
			name: "replace keeps the user's rules", assistant: "claude",
			file: `mode = "replace"
[[rule]]
name = "done"
state = "idle"
all = ["● Done."]`,
			screen: claudeIdle, want: "idle claude/done", fromUser: true,
		},
		{
			name: "a new assistant gets rules", assistant: "gemini",
			file: `[[rule]]
name = "waiting"
state = "blocked"
kind = "question"
rows = 5
all = ["re:(?i)waiting for your answer"]`,
			screen: []string{"Waiting for your answer", ""}, want: "blocked gemini/waiting", fromUser: true,
		},
		{
			name: "file names are case-insensitive", assistant: "CLAUDE",
			file:   `disable = ["busy-footer"]`,
			screen: claudeBusy, want: "idle claude/composer",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			path := writeRules(t, home, tc.assistant, tc.file)
			set, errs := Load(home)
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			v, ok := set.Match(tc.assistant, tc.screen)
			got := ""
			if ok {
				got = v.State + " " + v.Rule
			}
			if got != tc.want {
				t.Fatalf("want %q, got %q (%+v)", tc.want, got, v)
			}
			if ok {
				// Where the rule came from: the file's rules and the
				// defaults are told apart by name, so a case must not
				// reuse a default's name.
				_, name, _ := strings.Cut(v.Rule, "/")
				named := func(r *rule) bool { return r.name == name }
				uf, err := parseFile([]byte(tc.file), true)
				if err != nil {
					t.Fatal(err)
				}
				defaults, _ := Load("")
				fromUser := slices.ContainsFunc(uf.rules, named)
				if fromUser == slices.ContainsFunc(defaults.rules[strings.ToLower(tc.assistant)], named) {
					t.Fatalf("rule %s is in both or neither of %s and the defaults", v.Rule, path)
				}
				if fromUser != tc.fromUser {
					t.Errorf("rule %s from the user file %s: %v, want %v", v.Rule, path, fromUser, tc.fromUser)
				}
			}
		})
	}
}

func TestBadUserFilesAreReportedAndIgnored(t *testing.T) {
	cases := []struct {
		name, file, wantErr string
	}{
		{"not toml", `[[rule]`, "screen-rules"},
		{"unknown key", "[[rule]]\nname = \"x\"\nstate = \"idle\"\nany = [\"a\"]\nrwos = 3", "unknown keys: rule.rwos"},
		{"bad regex", "[[rule]]\nname = \"x\"\nstate = \"idle\"\nany = [\"re:(\"]", "missing closing )"},
		{"bad state", "[[rule]]\nname = \"x\"\nstate = \"busy\"\nany = [\"a\"]", "state must be"},
		{"blocked without kind", "[[rule]]\nname = \"x\"\nstate = \"blocked\"\nany = [\"a\"]", "needs kind"},
		{"kind on working", "[[rule]]\nname = \"x\"\nstate = \"working\"\nkind = \"question\"\nany = [\"a\"]", "only for state blocked"},
		{"kind on error", "[[rule]]\nname = \"x\"\nstate = \"error\"\nkind = \"auth\"\nany = [\"a\"]", "only for state blocked"},
		{"gate on error", "[[rule]]\nname = \"x\"\nstate = \"error\"\ngate = true\nany = [\"a\"]", "gate is for state blocked only"},
		{"question on working", "[[rule]]\nname = \"x\"\nstate = \"working\"\nquestion = [\"a\"]\nany = [\"a\"]", "question is for states blocked and error"},
		{"rows too tall", "[[rule]]\nname = \"x\"\nstate = \"idle\"\nrows = 41\nany = [\"a\"]", "rows must be"},
		{"nothing to find", "[[rule]]\nname = \"x\"\nstate = \"idle\"\nnone = [\"a\"]", "at least one pattern"},
		{"empty pattern", "[[rule]]\nname = \"x\"\nstate = \"idle\"\nany = [\"\"]", "empty pattern"},
		{"bad name", "[[rule]]\nname = \"My Rule\"\nstate = \"idle\"\nany = [\"a\"]", "lower-case"},
		{"duplicate name", "[[rule]]\nname = \"x\"\nstate = \"idle\"\nany = [\"a\"]\n[[rule]]\nname = \"x\"\nstate = \"idle\"\nany = [\"b\"]", "defined twice"},
		{"bad mode", "mode = \"append\"", "mode must be"},
		{"replace with disable", "mode = \"replace\"\ndisable = [\"composer\"]", "no effect"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			path := writeRules(t, home, "claude", tc.file)
			set, errs := Load(home)
			if len(errs) != 1 {
				t.Fatalf("want one error, got %v", errs)
			}
			msg := errs[0].Error()
			if !strings.Contains(msg, path) || !strings.Contains(msg, tc.wantErr) {
				t.Fatalf("error %q should name %s and say %q", msg, path, tc.wantErr)
			}
			// The defaults survive a bad file.
			if v, ok := set.Match("claude", claudeBusy); !ok || v.Rule != "claude/busy-footer" {
				t.Fatalf("defaults lost: %+v", v)
			}
		})
	}
}

func TestBadFileNameIsReported(t *testing.T) {
	home := t.TempDir()
	path := writeRules(t, home, "my agent", `disable = ["composer"]`)
	// Files that are not .toml are someone else's (editor backups, notes).
	if err := os.WriteFile(filepath.Join(home, DirName, "README"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	set, errs := Load(home)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), path) {
		t.Fatalf("want one error naming %s, got %v", path, errs)
	}
	if _, ok := set.Match("claude", claudeIdle); !ok {
		t.Fatal("defaults lost")
	}
}

func TestTwoFilesForOneAssistant(t *testing.T) {
	home := t.TempDir()
	writeRules(t, home, "Claude", `disable = ["composer"]`)
	second := writeRules(t, home, "claude", `disable = ["busy-footer"]`)
	_, errs := Load(home)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), second) {
		t.Fatalf("want one error naming %s, got %v", second, errs)
	}
}

// A rule file that is a link (to /dev/tty here), a FIFO or too large is
// reported by name and never opened or read; its assistant keeps the
// defaults and Load returns.
func TestHostileUserFilesAreRefusedNotOpened(t *testing.T) {
	cases := []struct {
		name, want string
		plant      func(path string) error
	}{
		{"link to /dev/tty", "is a symlink", func(p string) error { return os.Symlink("/dev/tty", p) }},
		{"fifo", "is a named pipe (FIFO)", func(p string) error { return syscall.Mkfifo(p, 0o600) }},
		{"oversize", "is larger than", func(p string) error {
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(50 << 20) // sparse
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			path := writeRules(t, home, "claude", "")
			os.Remove(path)
			if err := tc.plant(path); err != nil {
				t.Fatal(err)
			}
			set, errs := Load(home)
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), path) || !strings.Contains(errs[0].Error(), tc.want) {
				t.Fatalf("want one error naming %s and saying %q, got %v", path, tc.want, errs)
			}
			if v, ok := set.Match("claude", claudeBusy); !ok || v.Rule != "claude/busy-footer" {
				t.Fatalf("defaults lost: %+v", v)
			}
		})
	}
}
