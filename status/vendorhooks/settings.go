package vendorhooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// This file works on a settings document shaped like Claude Code's:
//
//	{ "hooks": { "<Event>": [ { "matcher": "…", "hooks": [ {"type": "command", "command": "…"} ] } ] } }
//
// amux owns an inner hook entry when its command carries Marker, and a group
// or event list when everything in it is amux's. Nothing else is touched.

// hookSpec is one amux entry, wanted or found in a document: a group under
// event, with an optional matcher, running command.
type hookSpec struct {
	event      string
	hasMatcher bool
	matcher    string
	command    string
}

// group is the JSON of one matcher group, in the key order Claude Code
// itself writes.
type group struct {
	Matcher *string     `json:"matcher,omitempty"`
	Hooks   []hookEntry `json:"hooks"`
}

type hookEntry struct {
	Type    string `json:"type"`
	Command string `json:"command"`
}

func (h hookSpec) groupJSON() ([]byte, error) {
	g := group{Hooks: []hookEntry{{Type: "command", Command: h.command}}}
	if h.hasMatcher {
		g.Matcher = &h.matcher
	}
	return marshal(g)
}

// doc is a parsed settings document: the top object and, when present, the
// "hooks" member and its object.
type doc struct {
	data     []byte
	top      container
	hooksIdx int // index of "hooks" in top.elems, or -1
	hooks    container
}

// parseDoc checks data is JSON with an object at the top and, if present,
// an object under "hooks": the only shapes amux knows how to edit.
func parseDoc(data []byte) (doc, error) {
	if !json.Valid(data) {
		var v json.RawMessage
		err := json.Unmarshal(data, &v)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		return doc{}, err
	}
	i := skipWS(data, 0)
	if data[i] != '{' {
		return doc{}, errors.New("the top level is not a JSON object")
	}
	d := doc{data: data, hooksIdx: -1}
	var err error
	if d.top, err = readContainer(data, i); err != nil {
		return doc{}, err
	}
	if d.hooksIdx = d.top.last("hooks"); d.hooksIdx >= 0 {
		v := d.top.elems[d.hooksIdx].val
		if data[v.start] != '{' {
			return doc{}, errors.New(`"hooks" is not a JSON object`)
		}
		if d.hooks, err = readContainer(data, v.start); err != nil {
			return doc{}, err
		}
	}
	return d, nil
}

// amuxEntries lists amux's entries in document order.
func amuxEntries(d doc) ([]hookSpec, error) {
	var out []hookSpec
	err := walkAmux(d, func(ev elem, g container, inner elem, cmd string) {
		f := hookSpec{event: ev.key, command: cmd}
		if mi := g.last("matcher"); mi >= 0 {
			f.hasMatcher = true
			_ = json.Unmarshal(d.data[g.elems[mi].val.start:g.elems[mi].val.end], &f.matcher)
		}
		out = append(out, f)
	})
	return out, err
}

// walkAmux calls fn for every amux hook entry: its event member, its group
// object and the entry itself. Shapes amux does not own are skipped.
func walkAmux(d doc, fn func(ev elem, g container, inner elem, cmd string)) error {
	if d.hooksIdx < 0 {
		return nil
	}
	for _, ev := range d.hooks.elems {
		if d.data[ev.val.start] != '[' {
			continue
		}
		groups, err := readContainer(d.data, ev.val.start)
		if err != nil {
			return err
		}
		for _, ge := range groups.elems {
			g, inner, ok, err := groupHooks(d.data, ge)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			for _, ie := range inner.elems {
				if cmd, mine := amuxCommand(d.data, ie); mine {
					fn(ev, g, ie, cmd)
				}
			}
		}
	}
	return nil
}

// groupHooks scans a group element and its "hooks" array; ok is false when
// the element is not shaped like a group.
func groupHooks(data []byte, ge elem) (g, inner container, ok bool, err error) {
	if data[ge.val.start] != '{' {
		return g, inner, false, nil
	}
	if g, err = readContainer(data, ge.val.start); err != nil {
		return g, inner, false, err
	}
	hi := g.last("hooks")
	if hi < 0 || data[g.elems[hi].val.start] != '[' {
		return g, inner, false, nil
	}
	inner, err = readContainer(data, g.elems[hi].val.start)
	return g, inner, err == nil, err
}

// amuxCommand returns the command of an inner hook entry amux wrote.
func amuxCommand(data []byte, ie elem) (string, bool) {
	if data[ie.val.start] != '{' {
		return "", false
	}
	h, err := readContainer(data, ie.val.start)
	if err != nil {
		return "", false
	}
	ci := h.last("command")
	if ci < 0 {
		return "", false
	}
	var cmd string
	if json.Unmarshal(data[h.elems[ci].val.start:h.elems[ci].val.end], &cmd) != nil || !isAmuxCommand(cmd) {
		return "", false
	}
	return cmd, true
}

// The owned* functions count amux's and others' entries under the hooks
// object, one event list, or one group. A container is amux's to delete
// when it holds amux entries and nothing else.

func ownedHooks(data []byte, hooks container) (mine, others int, err error) {
	for _, e := range hooks.elems {
		if data[e.val.start] != '[' {
			others++
			continue
		}
		m, o, err := ownedList(data, e.val)
		if err != nil {
			return 0, 0, err
		}
		mine, others = mine+m, others+o
	}
	return mine, others, nil
}

func ownedList(data []byte, v span) (mine, others int, err error) {
	list, err := readContainer(data, v.start)
	if err != nil {
		return 0, 0, err
	}
	for _, ge := range list.elems {
		m, o, err := ownedGroup(data, ge)
		if err != nil {
			return 0, 0, err
		}
		if m == 0 && o == 0 {
			o = 1 // an empty or odd group is the user's, not amux's
		}
		mine, others = mine+m, others+o
	}
	return mine, others, nil
}

func ownedGroup(data []byte, ge elem) (mine, others int, err error) {
	_, inner, ok, err := groupHooks(data, ge)
	if err != nil || !ok {
		return 0, 0, err
	}
	mine, others = ownedInner(data, inner)
	return mine, others, nil
}

// ownedInner counts the entries of a group's "hooks" array.
func ownedInner(data []byte, inner container) (mine, others int) {
	for _, ie := range inner.elems {
		if _, m := amuxCommand(data, ie); m {
			mine++
		} else {
			others++
		}
	}
	return mine, others
}

// stripOnce removes the largest piece of the document that is amux's alone:
// the whole "hooks" member, else one event list, else one group, else one
// entry. It reports false when nothing of amux's is left. Working top-down
// and deleting whole containers is what lets removal give back the exact
// bytes that were there before amux added to them.
func stripOnce(d doc) ([]byte, bool, error) {
	if d.hooksIdx < 0 {
		return nil, false, nil
	}
	data := d.data
	mine, others, err := ownedHooks(data, d.hooks)
	if err != nil || mine == 0 {
		return nil, false, err
	}
	if others == 0 {
		return deleteElem(data, d.top, d.hooksIdx), true, nil
	}
	for ei, ev := range d.hooks.elems {
		if data[ev.val.start] != '[' {
			continue
		}
		m, o, err := ownedList(data, ev.val)
		if err != nil {
			return nil, false, err
		}
		if m == 0 {
			continue
		}
		if o == 0 {
			return deleteElem(data, d.hooks, ei), true, nil
		}
		groups, err := readContainer(data, ev.val.start)
		if err != nil {
			return nil, false, err
		}
		for gi, ge := range groups.elems {
			_, inner, ok, err := groupHooks(data, ge)
			if err != nil || !ok {
				continue
			}
			if gm, gothers := ownedInner(data, inner); gm > 0 && gothers == 0 {
				return deleteElem(data, groups, gi), true, nil
			}
			for ii, ie := range inner.elems {
				if _, mine := amuxCommand(data, ie); mine {
					return deleteElem(data, inner, ii), true, nil
				}
			}
		}
	}
	return nil, false, fmt.Errorf("internal error: amux entries found but none removable")
}

// strip removes every amux entry, one piece at a time.
func strip(d doc) (doc, bool, error) {
	changed := false
	for {
		data, ok, err := stripOnce(d)
		if err != nil || !ok {
			return d, changed, err
		}
		changed = true
		if d, err = parseDoc(data); err != nil {
			return d, changed, err
		}
	}
}

// install strips amux's old entries and appends specs: one group per spec
// at the end of its event list, creating lists and the "hooks" object as
// needed.
func install(d doc, specs []hookSpec) ([]byte, error) {
	d, _, err := strip(d)
	if err != nil {
		return nil, err
	}
	st := styleOf(d.data, d.top)
	if d.hooksIdx < 0 {
		// One member holding every event, so removal deletes it whole.
		obj := []byte{'{'}
		for i, h := range specs {
			g, err := h.groupJSON()
			if err != nil {
				return nil, err
			}
			m, err := entry{isMember: true, key: h.event, value: append(append([]byte{'['}, g...), ']')}.render(false, "", "", "")
			if err != nil {
				return nil, err
			}
			if i > 0 {
				obj = append(obj, ',')
			}
			obj = append(obj, m...)
		}
		obj = append(obj, '}')
		return appendElem(d.data, d.top, entry{isMember: true, key: "hooks", value: obj}, st)
	}
	data := d.data
	for _, h := range specs {
		if d, err = parseDoc(data); err != nil {
			return nil, err
		}
		g, err := h.groupJSON()
		if err != nil {
			return nil, err
		}
		if ei := d.hooks.last(h.event); ei >= 0 {
			v := d.hooks.elems[ei].val
			if data[v.start] != '[' {
				return nil, fmt.Errorf("hooks.%s is not a JSON array", h.event)
			}
			list, err := readContainer(data, v.start)
			if err != nil {
				return nil, err
			}
			data, err = appendElem(data, list, entry{value: g}, st)
		} else {
			list := append(append([]byte{'['}, g...), ']')
			data, err = appendElem(data, d.hooks, entry{isMember: true, key: h.event, value: list}, st)
		}
		if err != nil {
			return nil, err
		}
	}
	return data, nil
}

// matches reports whether the document holds exactly specs as amux's
// entries, so an install would change nothing that matters.
func matches(d doc, specs []hookSpec) (bool, error) {
	have, err := amuxEntries(d)
	if err != nil {
		return false, err
	}
	want := slices.Clone(specs) // sorted below; install keeps the caller's order
	key := func(a, b hookSpec) int {
		if a.event != b.event {
			if a.event < b.event {
				return -1
			}
			return 1
		}
		return 0
	}
	slices.SortStableFunc(have, key)
	slices.SortStableFunc(want, key)
	return slices.Equal(have, want), nil
}
