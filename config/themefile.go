package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// ThemesFileName is the user's theme file inside the state home: an object
// of theme name to palette, each optionally starting from a built-in:
//
//	{"my-dark": {"base": "dark", "accent": "#ff8800", "border_focus": "#ff8800"}}
//
// Keys are the colour roles of Palette in snake case, plus "base" and
// "background". Without a base every role must be given.
const ThemesFileName = "themes.json"

// Bounds on reading the theme file: it is the user's, not amux's, so it may
// be anything (a FIFO, a link to a device, a huge file).
const (
	themesFileLimit   = 256 << 10
	themesFileTimeout = 2 * time.Second
)

// themeNameRE is compiled on first use, not at init: every amux process
// runs every package's init, and its {0,31} alone is 31 copies of a class.
var themeNameRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,31}$`) })

// LoadUserThemes reads themes.json under home. A missing file is no themes
// and no error. A file that cannot be read or is not a JSON object gives no
// themes and an error saying so; a single bad theme is left out and
// reported while the others load. A theme whose colours fail the contrast
// check still loads (it is the user's choice) and is reported.
func LoadUserThemes(home string) ([]Palette, error) {
	data, err := atomicfile.ReadRegular(home, ThemesFileName, themesFileLimit, themesFileTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	path := filepath.Join(home, ThemesFileName)
	if err != nil {
		return nil, fmt.Errorf("user themes ignored: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil || top == nil {
		return nil, fmt.Errorf("user themes ignored: %s is not a JSON object (%v)", path, describe(err))
	}
	var out []Palette
	var warns []error
	for _, name := range sortedKeys(top) {
		p, err := parseUserTheme(name, top[name])
		if err != nil {
			warns = append(warns, fmt.Errorf("%s: %w", ThemesFileName, err))
			continue
		}
		for _, c := range p.CheckContrast() {
			warns = append(warns, fmt.Errorf("%s: %w", ThemesFileName, c))
		}
		out = append(out, p)
	}
	return out, errors.Join(warns...)
}

// parseUserTheme decodes one entry of themes.json.
func parseUserTheme(name string, raw json.RawMessage) (Palette, error) {
	if !themeNameRE().MatchString(name) {
		return Palette{}, fmt.Errorf("theme name %q: use lower-case letters, digits, '.', '_' or '-' (at most 32)", name)
	}
	if slices.Contains(ThemeNames(), name) {
		return Palette{}, fmt.Errorf("theme %q is built in: give yours another name (\"base\": %q starts from it)", name, name)
	}
	var fields map[string]string
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return Palette{}, fmt.Errorf("theme %q: want an object of strings (%v)", name, describe(err))
	}
	p := Palette{Name: name}
	if base, ok := fields["base"]; ok {
		b, found := BuiltinPalette(base)
		if !found {
			return Palette{}, fmt.Errorf("theme %q: unknown base %q (want one of %v)", name, base, ThemeNames())
		}
		p = b
		p.Name = name
	}
	known := map[string]bool{"base": true, "background": true}
	if bg, ok := fields["background"]; ok {
		p.Background = bg
	}
	for _, r := range p.roles() {
		known[r.name] = true
		if v, ok := fields[r.name]; ok {
			*r.val = v
		} else if *r.val == "" {
			return Palette{}, fmt.Errorf("theme %q: %s missing (or give a \"base\")", name, r.name)
		}
	}
	for _, k := range sortedKeys(fields) {
		if !known[k] {
			return Palette{}, fmt.Errorf("theme %q: unknown key %q", name, k)
		}
	}
	if err := p.Validate(); err != nil {
		return Palette{}, err
	}
	return p, nil
}
