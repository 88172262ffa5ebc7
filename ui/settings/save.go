package settings

import (
	"maps"
	"slices"

	"amux.dev/amux/config"
)

// The contract's save rules for Settings: confirmed values go live at
// once; a save that is refused keeps them live and its part pending; the
// next confirmation retries a pending part even with no new edits (the UI
// sections together, the assistants apart); Esc keeps what is pending and
// drops only edits not yet confirmed. There is no retry in the background.

// Pending is what refused saves left to do. The app keeps it across
// openings of the dialog.
type Pending struct {
	Sections   *config.Sections // the UI sections to write, or nil
	Assistants *AssistantSave   // the assistants to write and remove, or nil
}

// Any reports whether something waits to be saved.
func (p Pending) Any() bool { return p.Sections != nil || p.Assistants != nil }

// AssistantSave is one write of the assistants section.
type AssistantSave struct {
	Set    map[string]config.Assistant
	Remove []string
}

// Plan is what one confirmation saves: each part that changed, and each
// part still pending — merged, so a retry carries the earlier change too.
// A nil part is not written.
func Plan(live config.Config, r Result, p Pending) (sections *config.Sections, assistants *AssistantSave) {
	if !r.Sections.Equal(config.SectionsOf(live)) || p.Sections != nil {
		s := r.Sections
		sections = &s
	}
	set := map[string]config.Assistant{}
	var remove []string
	if p.Assistants != nil {
		maps.Copy(set, p.Assistants.Set)
		remove = append(remove, p.Assistants.Remove...)
	}
	for name, a := range r.Assistants {
		if old, ok := live.Assistants[name]; !ok || !sameAssistant(old, a) {
			set[name] = a
			remove = slices.DeleteFunc(remove, func(n string) bool { return n == name })
		}
	}
	for _, name := range r.Removed {
		delete(set, name)
		if !slices.Contains(remove, name) {
			remove = append(remove, name)
		}
	}
	if len(set) > 0 || len(remove) > 0 {
		assistants = &AssistantSave{Set: set, Remove: remove}
	}
	return sections, assistants
}

func sameAssistant(a, b config.Assistant) bool {
	return a.Command == b.Command && a.InterruptCount == b.InterruptCount && a.InterruptDelayMs == b.InterruptDelayMs &&
		a.ResumeCommand == b.ResumeCommand
}

// Live returns cfg with a confirmation applied: the values are in use from
// now on, saved or not.
func Live(cfg config.Config, r Result) config.Config {
	cfg.UI, cfg.Ports, cfg.Status, cfg.Notify = r.Sections.UI, r.Sections.Ports, r.Sections.Status, r.Sections.Notify
	as := maps.Clone(cfg.Assistants)
	for name, a := range r.Assistants {
		if old, ok := as[name]; ok {
			a.BuiltIn = old.BuiltIn
		}
		as[name] = a
	}
	def := config.Defaults().Assistants
	for _, name := range r.Removed {
		if d, ok := def[name]; ok {
			as[name] = d // removing a built-in's override brings the default back
		} else {
			delete(as, name)
		}
	}
	cfg.Assistants = as
	return cfg
}

// Saved records the outcome of one part's save: a failure keeps it
// pending (with what it tried to write), a success clears it.
func (p *Pending) Saved(sections *config.Sections, sErr error, assistants *AssistantSave, aErr error) {
	if sections != nil {
		if sErr != nil {
			p.Sections = sections
		} else {
			p.Sections = nil
		}
	}
	if assistants != nil {
		if aErr != nil {
			p.Assistants = assistants
		} else {
			p.Assistants = nil
		}
	}
}
