package app

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
)

// The list's filter field: "/" opens it on the filter's text, and while it
// is open it has every key (the root hands them over: typing).

// openFilter opens the filter field, width columns wide (the list's less
// its frame and prompt), on the filter's current text.
func (l *listOwner) openFilter(width int) tea.Cmd {
	in := textinput.New()
	in.Prompt = "/"
	in.SetWidth(width)
	in.SetValue(l.rows.Filter())
	in.CursorEnd()
	l.filter = &in
	return l.filter.Focus()
}

// filterText is the filter in force ("" for none).
func (l *listOwner) filterText() string { return l.rows.Filter() }

// typing reports whether the filter field is open: it takes every key.
func (l *listOwner) typing() bool { return l.filter != nil }

// filterView draws the open filter field.
func (l *listOwner) filterView() string { return l.filter.View() }

// filterKey feeds the filter field: typing filters live, Enter keeps the
// filter and returns to the list, Esc clears it.
func (l *listOwner) filterKey(k tea.KeyPressMsg) tea.Cmd {
	if l.filter == nil {
		return nil
	}
	switch s := k.String(); {
	case l.d.km.Is(keys.FormCancel, s):
		l.filter = nil
		l.rows.SetFilter("")
		return nil
	case l.d.km.Is(keys.FormSubmit, s):
		l.filter = nil
		return nil
	case l.d.km.Is(keys.ListDown, s):
		l.rows.Move(1)
		return nil
	case l.d.km.Is(keys.ListUp, s):
		l.rows.Move(-1)
		return nil
	}
	in, cmd := l.filter.Update(k)
	l.filter = &in
	l.rows.SetFilter(in.Value())
	return cmd
}
