package dialog

import "charm.land/bubbles/v2/textinput"

// NewFilterField returns the one-line field components use for / search
// and filters: prompt "/", a steady cursor (a blinking one would wake the
// program twice a second while nothing else changes). Feed it messages
// through InputMsg, like every field.
func NewFilterField() textinput.Model {
	in := textinput.New()
	in.Prompt = "/"
	in.CharLimit = 200
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	return in
}
