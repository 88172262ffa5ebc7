package settings

import (
	"fmt"
	"strconv"
	"strings"

	"amux.dev/amux/config"
)

// Kind is how a row is edited.
type Kind int

// The kinds of row.
const (
	Choice Kind = iota // one of Choices, changed with the value keys
	Toggle             // on or off
	Text               // free text (one line)
	Number             // a whole number, at least Min
)

// The two groups a save treats apart (the contract: "UI sections
// together, assistants separately").
const (
	GroupSections   = "sections"
	GroupAssistants = "assistants"
)

// Row is one setting.
type Row struct {
	ID        string // "ui.theme", "ports.start", "assistant.claude.command", "assistant.+1.name"
	Group     string
	Section   string // the header above it
	Label     string
	Kind      Kind
	Value     string
	Choices   []string
	Min       int
	Assistant string // assistant rows: whose ("" for a new one until named)
	BuiltIn   bool   // an assistant shipped with amux: editable, not removable
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// FromConfig lays every setting of cfg out as rows, in the order the
// dialog shows them.
func FromConfig(cfg config.Config) []Row {
	sec := func(section, id, label string, k Kind, v string) Row {
		return Row{ID: id, Group: GroupSections, Section: section, Label: label, Kind: k, Value: v}
	}
	num := func(section, id, label string, v, lo int) Row {
		r := sec(section, id, label, Number, strconv.Itoa(v))
		r.Min = lo
		return r
	}
	theme := sec("Appearance", "ui.theme", "Theme", Choice, cfg.UI.Theme)
	theme.Choices = cfg.ThemeNames()
	notify := sec("Notifications", "ui.notifications", "Desktop notifications (through the terminal)", Choice, cfg.UI.Notifications)
	notify.Choices = config.NotifyStyles()
	rows := []Row{
		theme,
		sec("Appearance", "ui.show_key_hints", "Key hints", Toggle, onOff(cfg.UI.ShowKeyHints)),
		sec("Notifications", "ui.bell_on_done", "Bell when an agent is done or blocked", Toggle, onOff(cfg.UI.BellOnDone)),
		notify,
		num("Notifications", "status.short_command_ms", "A terminal command shorter than this (ms) is quiet", cfg.Status.ShortCommandMs, 0),
		sec("tmux (applies at the next start)", "ui.tmux_server", "Server name (empty: $AMUX_TMUX_SERVER or amux)", Text, cfg.UI.TmuxServer),
		sec("tmux (applies at the next start)", "ui.tmux_config", "Config file (empty: $AMUX_TMUX_CONFIG or /dev/null)", Text, cfg.UI.TmuxConfig),
		num("Agent state timing (ms)", "status.quiet_after_ms", "Working turns done after this quiet", cfg.Status.QuietAfterMs, 500),
		num("Agent state timing (ms)", "status.done_window_ms", "Done turns idle after", cfg.Status.DoneWindowMs, 0),
		num("Agent state timing (ms)", "status.startup_grace_ms", "A new tab is starting for", cfg.Status.StartupGraceMs, 0),
		num("Agent state timing (ms)", "status.stuck_after_ms", "Health flags an agent on a start screen after", cfg.Status.StuckAfterMs, 0),
		sec("Terminal tabs", "status.shell_marks", "Prompt marks for bash, zsh and fish (OSC 133)", Toggle, onOff(cfg.Status.ShellMarks)),
		num("Ports (new workspaces only)", "ports.start", "First port", cfg.Ports.Start, 1),
		num("Ports (new workspaces only)", "ports.end", "Last port", cfg.Ports.End, 1),
		num("Ports (new workspaces only)", "ports.size", "Ports per workspace", cfg.Ports.Size, 1),
		// Last of the sections, so the rows above keep their places.
		sec("Notify command (tells you anywhere)", "notify.command", "Command: its words, no shell (empty: off)", Text, JoinWords(cfg.Notify.Command)),
		sec("Notify command (tells you anywhere)", "notify.on", "Runs on (of blocked, done, error)", Text, strings.Join(cfg.Notify.On, ",")),
	}
	for _, name := range cfg.AssistantNames() {
		rows = append(rows, assistantRows(name, cfg.Assistants[name])...)
	}
	return rows
}

// assistantRows are the three rows of one assistant.
func assistantRows(name string, a config.Assistant) []Row {
	base := Row{Group: GroupAssistants, Section: "Assistant " + name, Assistant: name, BuiltIn: a.BuiltIn}
	cmd, count, delay := base, base, base
	cmd.ID, cmd.Label, cmd.Kind, cmd.Value = "assistant."+name+".command", "Command (run with sh -lc)", Text, a.Command
	count.ID, count.Label, count.Kind, count.Value = "assistant."+name+".interrupt_count", "Ctrl-C presses per interrupt (0 is kept)", Number, strconv.Itoa(a.InterruptCount)
	delay.ID, delay.Label, delay.Kind, delay.Value = "assistant."+name+".interrupt_delay_ms", "Delay between presses, ms (0 is kept)", Number, strconv.Itoa(a.InterruptDelayMs)
	resume := base
	resume.ID, resume.Label, resume.Kind, resume.Value = "assistant."+name+".resume_command", "Resume command (empty: cannot resume)", Text, a.ResumeCommand
	return []Row{cmd, count, delay, resume}
}

// newAssistantRows are the rows of an assistant being added (number n).
func newAssistantRows(n int) []Row {
	rows := assistantRows("", config.Assistant{InterruptCount: 1, InterruptDelayMs: 150})
	key := "+" + strconv.Itoa(n)
	name := Row{ID: "assistant." + key + ".name", Group: GroupAssistants, Section: "New assistant", Label: "Name", Kind: Text, Assistant: key}
	for i := range rows {
		rows[i].ID = strings.Replace(rows[i].ID, "assistant..", "assistant."+key+".", 1)
		rows[i].Section, rows[i].Assistant = "New assistant", key
	}
	return append([]Row{name}, rows...)
}

// Result is what a confirmation asks for: every UI section's value, every
// assistant (changed or not), and the user assistants removed.
type Result struct {
	Sections   config.Sections
	Assistants map[string]config.Assistant
	Removed    []string
}

// Apply reads rows into a Result, or the first row whose value is not
// acceptable (its ID, for the cursor, and why).
func Apply(cfg config.Config, rows []Row, removed []string) (Result, string, error) {
	res := Result{Sections: config.SectionsOf(cfg), Assistants: map[string]config.Assistant{}, Removed: removed}
	names := map[string]string{} // a new assistant's key → its name
	for _, r := range rows {
		if strings.HasSuffix(r.ID, ".name") && r.Group == GroupAssistants {
			n := strings.TrimSpace(r.Value)
			if err := validName(n); err != nil {
				return Result{}, r.ID, err
			}
			if _, dup := cfg.Assistants[n]; dup {
				return Result{}, r.ID, fmt.Errorf("an assistant named %q exists", n)
			}
			names[r.Assistant] = n
		}
	}
	for _, r := range rows {
		v := strings.TrimSpace(r.Value)
		n := 0
		if r.Kind == Number {
			var err error
			if n, err = strconv.Atoi(v); err != nil || n < r.Min {
				return Result{}, r.ID, fmt.Errorf("%s: want a whole number of at least %d", r.Label, r.Min)
			}
		}
		on := r.Value == "on"
		s := &res.Sections
		switch r.ID {
		case "ui.theme":
			s.UI.Theme = r.Value
		case "ui.show_key_hints":
			s.UI.ShowKeyHints = on
		case "ui.bell_on_done":
			s.UI.BellOnDone = on
		case "ui.notifications":
			s.UI.Notifications = r.Value
		case "status.short_command_ms":
			s.Status.ShortCommandMs = n
		case "status.stuck_after_ms":
			s.Status.StuckAfterMs = n
		case "status.shell_marks":
			s.Status.ShellMarks = on
		case "ui.tmux_server":
			s.UI.TmuxServer = v
		case "ui.tmux_config":
			s.UI.TmuxConfig = v
		case "status.quiet_after_ms":
			s.Status.QuietAfterMs = n
		case "status.done_window_ms":
			s.Status.DoneWindowMs = n
		case "status.startup_grace_ms":
			s.Status.StartupGraceMs = n
		case "notify.command":
			words, err := SplitWords(v)
			if err != nil {
				return Result{}, r.ID, fmt.Errorf("%s: %w", r.Label, err)
			}
			s.Notify.Command = words
		case "notify.on":
			s.Notify.On = splitList(v)
			if err := s.Notify.Validate(); err != nil {
				return Result{}, r.ID, err
			}
		case "ports.start":
			s.Ports.Start = n
		case "ports.end":
			s.Ports.End = n
		case "ports.size":
			s.Ports.Size = n
		}
		if r.Group != GroupAssistants || strings.HasSuffix(r.ID, ".name") {
			continue
		}
		name := r.Assistant
		if nn, ok := names[name]; ok {
			name = nn
		}
		a := res.Assistants[name]
		if old, ok := cfg.Assistants[name]; ok && a == (config.Assistant{}) {
			a = old
		}
		switch {
		case strings.HasSuffix(r.ID, ".command"):
			if v == "" {
				return Result{}, r.ID, fmt.Errorf("assistant %s needs a command", name)
			}
			a.Command = v
		case strings.HasSuffix(r.ID, ".interrupt_count"):
			a.InterruptCount = n
		case strings.HasSuffix(r.ID, ".interrupt_delay_ms"):
			a.InterruptDelayMs = n
		case strings.HasSuffix(r.ID, ".resume_command"):
			a.ResumeCommand = v
		}
		res.Assistants[name] = a
	}
	if err := res.Sections.Validate(cfg.ThemeNames()); err != nil {
		id := "ports.start"
		switch {
		case strings.HasPrefix(err.Error(), "status"):
			id = "status.quiet_after_ms"
		case strings.HasPrefix(err.Error(), "notify"):
			id = "notify.command"
		}
		return Result{}, id, err
	}
	return res, "", nil
}

func validName(n string) error {
	if n == "" {
		return fmt.Errorf("a new assistant needs a name")
	}
	for _, r := range n {
		if !(r == '-' || r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return fmt.Errorf("assistant name %q: letters, digits, '-', '_' and '.' only", n)
		}
	}
	return nil
}
