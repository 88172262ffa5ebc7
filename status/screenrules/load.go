package screenrules

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"amux.dev/amux/config/atomicfile"
)

// DirName is the folder under the state home that holds user rule files,
// one per assistant: <home>/screen-rules/<assistant>.toml.
const DirName = "screen-rules"

// The values of a user file's top-level "mode" key.
const (
	ModePrepend = "prepend" // default: user rules first, then the defaults
	ModeReplace = "replace" // the user's rules only; the defaults are dropped
)

//go:embed defaults/*.toml
var defaultFiles embed.FS

// fileSpec is one rule file as written.
type fileSpec struct {
	Mode     string        `toml:"mode"`
	Disable  []string      `toml:"disable"`
	Rules    []ruleSpec    `toml:"rule"`
	Composer *composerSpec `toml:"composer"`
}

// ruleFile is a parsed, compiled rule file.
type ruleFile struct {
	mode     string
	disable  map[string]bool
	rules    []*rule
	composer *composer
}

// Load compiles the built-in rules and merges the user's files found under
// home/screen-rules (home may be "" for defaults only). A user file that
// cannot be read or fails validation is reported in errs, naming its path,
// and ignored as a whole: its assistant keeps the defaults. The Set is
// always usable.
//
// Merge, per assistant: with mode = "prepend" (the default) the user's
// rules come first, then every default rule except those named in the
// file's "disable" list or redefined by a user rule of the same name; with
// mode = "replace" only the user's rules count. Then rules are ordered
// blocked, error, working, idle, keeping that order inside each class.
func Load(home string) (*Set, []error) {
	var errs []error
	defaults, composers, derrs := loadDefaults()
	errs = append(errs, derrs...)
	var users map[string]*ruleFile
	if home != "" {
		var uerrs []error
		users, uerrs = loadUserDir(filepath.Join(home, DirName))
		errs = append(errs, uerrs...)
	}
	set := &Set{rules: map[string][]*rule{}, composers: composers}
	for name, rules := range defaults {
		set.rules[name] = rules
	}
	for name, uf := range users {
		set.rules[name] = merge(defaults[name], uf)
		if uf.composer != nil {
			set.composers[name] = uf.composer
		}
	}
	for _, rules := range set.rules {
		orderRules(rules)
	}
	return set, errs
}

// merge applies one user file to an assistant's default rules.
func merge(defaults []*rule, uf *ruleFile) []*rule {
	out := append([]*rule(nil), uf.rules...)
	if uf.mode == ModeReplace {
		return out
	}
	redefined := map[string]bool{}
	for _, r := range uf.rules {
		redefined[r.name] = true
	}
	for _, r := range defaults {
		if !uf.disable[r.name] && !redefined[r.name] {
			out = append(out, r)
		}
	}
	return out
}

// loadDefaults compiles the embedded rule files. They are checked by tests,
// so an error here is a build defect; it is still reported, never a panic.
func loadDefaults() (map[string][]*rule, map[string]*composer, []error) {
	out, composers := map[string][]*rule{}, map[string]*composer{}
	var errs []error
	entries, err := fs.ReadDir(defaultFiles, "defaults")
	if err != nil {
		return out, composers, []error{fmt.Errorf("built-in screen rules: %w", err)}
	}
	for _, e := range entries {
		assistant, ok := assistantOf(e.Name())
		if !ok {
			continue
		}
		data, err := defaultFiles.ReadFile("defaults/" + e.Name())
		if err == nil {
			var rf *ruleFile
			rf, err = parseFile(data, false)
			if err == nil {
				out[assistant] = rf.rules
				if rf.composer != nil {
					composers[assistant] = rf.composer
				}
				continue
			}
		}
		errs = append(errs, fmt.Errorf("built-in screen rules %s: %w", e.Name(), err))
	}
	return out, composers, errs
}

// maxRuleFile bounds one user rule file; a real one is a few KiB.
const maxRuleFile = 1 << 20

// ruleReadTimeout bounds the read of one user rule file.
const ruleReadTimeout = 5 * time.Second

// loadUserDir reads every <assistant>.toml in dir. A missing dir is normal.
// Each file is read as a file amux does not own (atomicfile.ReadRegular):
// a link, a FIFO or a device named claude.toml is reported, never opened.
func loadUserDir(dir string) (map[string]*ruleFile, []error) {
	out := map[string]*ruleFile{}
	entries, err := atomicfile.ReadStateDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, []error{fmt.Errorf("screen rules %s: %w", dir, err)}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	var errs []error
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		assistant, ok := assistantOf(e.Name())
		if !ok {
			errs = append(errs, fmt.Errorf("screen rules %s: file name must be <assistant>.toml with a lower-case name", path))
			continue
		}
		if _, dup := out[assistant]; dup {
			errs = append(errs, fmt.Errorf("screen rules %s: a second file for assistant %q (names are case-insensitive)", path, assistant))
			continue
		}
		data, err := atomicfile.ReadRegular(dir, e.Name(), maxRuleFile, ruleReadTimeout)
		if err == nil {
			var rf *ruleFile
			if rf, err = parseFile(data, true); err == nil {
				out[assistant] = rf
				continue
			}
		}
		errs = append(errs, fmt.Errorf("screen rules %s: %w", path, err))
	}
	return out, errs
}

// assistantOf maps "Claude.toml" to "claude"; ok is false for other names.
func assistantOf(file string) (string, bool) {
	name, found := strings.CutSuffix(file, ".toml")
	name = strings.ToLower(name)
	return name, found && validName(name)
}

// parseFile decodes and compiles one file. Unknown keys are errors: a
// misspelt "rows" or "none" would otherwise silently widen a rule.
func parseFile(data []byte, user bool) (*ruleFile, error) {
	var spec fileSpec
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&spec)
	if err != nil {
		return nil, err
	}
	var errs []error
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		keys := make([]string, len(undecoded))
		for i, k := range undecoded {
			keys[i] = k.String()
		}
		errs = append(errs, fmt.Errorf("unknown keys: %s", strings.Join(keys, ", ")))
	}
	rf := &ruleFile{mode: spec.Mode, disable: map[string]bool{}}
	switch {
	case !user && (spec.Mode != "" || len(spec.Disable) > 0):
		errs = append(errs, errors.New("mode and disable belong in user files only"))
	case spec.Mode == "":
		rf.mode = ModePrepend
	case spec.Mode != ModePrepend && spec.Mode != ModeReplace:
		errs = append(errs, fmt.Errorf("mode must be %q or %q (got %q)", ModePrepend, ModeReplace, spec.Mode))
	}
	if rf.mode == ModeReplace && len(spec.Disable) > 0 {
		errs = append(errs, errors.New(`disable has no effect with mode = "replace"`))
	}
	for _, name := range spec.Disable {
		// Unknown names are allowed: defaults may be renamed between
		// releases, and an old disable list must not cost the whole file.
		if !validName(name) {
			errs = append(errs, fmt.Errorf("disable: %q is not a rule name", name))
		}
		rf.disable[name] = true
	}
	if spec.Composer != nil {
		c, err := compileComposer(*spec.Composer)
		if err != nil {
			errs = append(errs, err)
		}
		rf.composer = c
	}
	seen := map[string]bool{}
	for _, rs := range spec.Rules {
		if seen[rs.Name] {
			errs = append(errs, fmt.Errorf("rule %q is defined twice", rs.Name))
			continue
		}
		seen[rs.Name] = true
		r, err := compileRule(rs)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rf.rules = append(rf.rules, r)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return rf, nil
}
