package config

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// Host is one remote machine of the hosts section: a name the UI and
// `amux wait --host` use, the ssh destination as the person's own ssh
// understands it (a Host of ~/.ssh/config, user@host, ssh://user@host:port),
// and, optionally, where amux is on it. config.json:
//
//	"hosts": [{"name": "build", "dest": "me@build.lan", "amux": "~/bin/amux"}]
//
// The list's order is the order the UI shows the hosts in, after this
// machine.
type Host struct {
	Name string // a label: 1–32 of a–z, 0–9 and '-', not starting or ending with '-'
	Dest string // no leading '-', no whitespace or control characters
	Amux string // the program on the host; "" for amux on its PATH, then ~/.local/bin/amux
}

// maxHostName bounds a host's name: it is shown beside every row of its
// projects.
const maxHostName = 32

// ErrBadHost is wrapped by every refusal of a host's fields.
var ErrBadHost = errors.New("bad host")

// ValidateHostName checks a host's name: a label, lowercase.
func ValidateHostName(name string) error {
	if name == "" || len(name) > maxHostName {
		return fmt.Errorf("%w: a host's name is 1 to %d characters, not %q", ErrBadHost, maxHostName, name)
	}
	if name[0] == '-' || name[len(name)-1] == '-' {
		return fmt.Errorf("%w: the host name %q may not start or end with '-'", ErrBadHost, name)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return fmt.Errorf("%w: the host name %q holds %q; use a-z, 0-9 and '-'", ErrBadHost, name, c)
		}
	}
	return nil
}

// CheckDest checks an ssh destination. It becomes one word of ssh's argv
// after "--", never a shell word, so the rules are what keeps ssh from
// reading it as an option or the remote side from splitting it: no leading
// '-', no whitespace, no control or invisible format characters.
func CheckDest(dest string) error {
	if dest == "" {
		return fmt.Errorf("%w: the ssh destination is empty", ErrBadHost)
	}
	if strings.HasPrefix(dest, "-") {
		return fmt.Errorf("%w: the ssh destination %q may not start with '-'", ErrBadHost, dest)
	}
	if len(dest) > 1024 {
		return fmt.Errorf("%w: the ssh destination is longer than 1024 bytes", ErrBadHost)
	}
	for _, r := range dest {
		if r == unicode.ReplacementChar || unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return fmt.Errorf("%w: the ssh destination %q holds a space or control character", ErrBadHost, dest)
		}
	}
	return nil
}

// programWord is what a program path on a host may hold: it becomes a word
// of the remote shell's command line, so nothing that shell would expand
// or split is allowed (a leading ~/ is, for the login directory).
// Compiled on first use: every amux process (each `amux report` a pane
// runs) pays for what package init does.
var programWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(~/)?[A-Za-z0-9._/+-]+$`) })

// CheckProgram checks the path of amux on a host ("" is the default).
func CheckProgram(path string) error {
	if path == "" || programWord().MatchString(path) && !strings.HasPrefix(path, "-") {
		return nil
	}
	return fmt.Errorf("%w: the amux path %q holds characters a shell would expand (use letters, digits, and ._/+-, a leading ~/ for the login directory)", ErrBadHost, path)
}

// Validate checks every field of h.
func (h Host) Validate() error {
	return errors.Join(ValidateHostName(h.Name), CheckDest(h.Dest), CheckProgram(h.Amux))
}

// HostNamed finds a configured host by name.
func (c Config) HostNamed(name string) (Host, bool) {
	for _, h := range c.Hosts {
		if h.Name == name {
			return h, true
		}
	}
	return Host{}, false
}

type fileHost struct {
	Name *string `json:"name"`
	Dest *string `json:"dest"`
	Amux *string `json:"amux,omitempty"`
}

func (fh fileHost) host() Host {
	var h Host
	setIf(&h.Name, fh.Name)
	setIf(&h.Dest, fh.Dest)
	setIf(&h.Amux, fh.Amux)
	return h
}

// applyHosts reads the hosts section: a list of objects. An entry that is
// not valid, or names a host already listed, is skipped with a warning;
// the others stay.
func applyHosts(cfg *Config, raw json.RawMessage) []error {
	if string(raw) == "null" {
		return nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return []error{fmt.Errorf("config: hosts ignored: want a list of {\"name\", \"dest\"} objects (%v)", err)}
	}
	var warns []error
	seen := map[string]bool{}
	for i, item := range list {
		var fh fileHost
		if err := json.Unmarshal(item, &fh); err != nil {
			warns = append(warns, fmt.Errorf("config: hosts[%d] ignored: %v", i, err))
			continue
		}
		h := fh.host()
		if err := h.Validate(); err != nil {
			warns = append(warns, fmt.Errorf("config: hosts[%d] ignored: %v", i, err))
			continue
		}
		if seen[h.Name] {
			warns = append(warns, fmt.Errorf("config: hosts[%d] ignored: a host named %q is listed before it", i, h.Name))
			continue
		}
		seen[h.Name] = true
		cfg.Hosts = append(cfg.Hosts, h)
	}
	return warns
}

// SaveHosts replaces the hosts section with hosts, in their order, keeping
// every other key of the document and the keys amux does not know inside
// each entry it keeps (matched by name). It refuses hosts that do not
// validate or share a name, and — so a hand-written entry is never lost —
// a file whose hosts section is not a list, or holds an entry amux cannot
// read that hosts does not replace by name: the file keeps its bytes.
func SaveHosts(ctx context.Context, home string, hosts []Host) error {
	names := map[string]bool{}
	for _, h := range hosts {
		if err := h.Validate(); err != nil {
			return err
		}
		if names[h.Name] {
			return fmt.Errorf("%w: two hosts are named %q", ErrBadHost, h.Name)
		}
		names[h.Name] = true
	}
	return update(ctx, home, func(top map[string]json.RawMessage) error {
		kept, err := hostEntries(top["hosts"], names)
		if err != nil {
			return err
		}
		out := make([]map[string]json.RawMessage, 0, len(hosts))
		for _, h := range hosts {
			obj := kept[h.Name]
			if obj == nil {
				obj = map[string]json.RawMessage{}
			}
			fields := map[string]string{"name": h.Name, "dest": h.Dest, "amux": h.Amux}
			for k, v := range fields {
				if k == "amux" && v == "" {
					delete(obj, k)
					continue
				}
				b, _ := json.Marshal(v)
				obj[k] = b
			}
			out = append(out, obj)
		}
		raw, err := json.Marshal(out)
		top["hosts"] = raw
		return err
	})
}

// hostEntries decodes the file's hosts entries by name, refusing (with
// ErrRefusedSave) what a rewrite would lose: a section that is not a list,
// an entry that is not an object or has no valid name, two entries of one
// name, or an entry Load skipped that the save does not replace.
func hostEntries(raw json.RawMessage, replacing map[string]bool) (map[string]map[string]json.RawMessage, error) {
	kept := map[string]map[string]json.RawMessage{}
	if raw == nil || string(raw) == "null" {
		return kept, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("%w: \"hosts\" is not a list", ErrRefusedSave)
	}
	for i, item := range list {
		var obj map[string]json.RawMessage
		var fh fileHost
		if json.Unmarshal(item, &obj) != nil || obj == nil || json.Unmarshal(item, &fh) != nil || fh.Name == nil ||
			ValidateHostName(*fh.Name) != nil {
			return nil, fmt.Errorf("%w: hosts[%d] in %s is not a host amux can read; fix or remove it", ErrRefusedSave, i, FileName)
		}
		name := *fh.Name
		if kept[name] != nil {
			return nil, fmt.Errorf("%w: %s lists the host %q twice; remove one", ErrRefusedSave, FileName, name)
		}
		if fh.host().Validate() != nil && !replacing[name] {
			return nil, fmt.Errorf("%w: the host %q in %s is not valid; fix or remove it", ErrRefusedSave, name, FileName)
		}
		kept[name] = obj
	}
	return kept, nil
}
