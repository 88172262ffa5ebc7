package syntax

import (
	"image/color"

	"github.com/alecthomas/chroma/v2"

	"amux.dev/amux/ui/theme"
)

// Class is the kind of a token as the theme colours it.
type Class uint8

// The classes, Plain first: names, punctuation, operators and whitespace,
// which keep the line's own colour.
const (
	Plain Class = iota
	Keyword
	Type
	Builtin // constants and builtin functions: true, nil, len, self
	Function
	String
	Number
	Comment
	Meta // preprocessor lines, decorators, attributes, annotations, labels
	Tag
	Attribute // markup attributes, CSS properties, keys of JSON, YAML, TOML
	Heading
	Variable // $NAME in shells and Makefiles, @ivars in Ruby

	// NumClasses is how many classes there are.
	NumClasses
)

// String names the class, for tests and debugging.
func (c Class) String() string {
	if c < NumClasses {
		return [NumClasses]string{"plain", "keyword", "type", "builtin", "function", "string",
			"number", "comment", "meta", "tag", "attribute", "heading", "variable"}[c]
	}
	return "class?"
}

// ClassOf reduces a chroma token type to its class.
func ClassOf(t chroma.TokenType) Class {
	switch t {
	case chroma.KeywordType, chroma.NameClass, chroma.NameException:
		return Type
	case chroma.KeywordConstant, chroma.NameBuiltin, chroma.NameBuiltinPseudo, chroma.NameConstant,
		chroma.LiteralStringSymbol, chroma.NameEntity:
		return Builtin
	case chroma.NameFunction, chroma.NameFunctionMagic:
		return Function
	case chroma.NameDecorator, chroma.NameLabel, chroma.CommentPreproc, chroma.CommentPreprocFile:
		return Meta
	case chroma.NameTag:
		return Tag
	case chroma.NameAttribute, chroma.NameProperty:
		return Attribute
	case chroma.GenericHeading, chroma.GenericSubheading:
		return Heading
	}
	switch {
	case t.InCategory(chroma.Keyword):
		return Keyword
	case t.InSubCategory(chroma.NameVariable):
		return Variable
	case t.InSubCategory(chroma.LiteralString):
		return String
	case t.InSubCategory(chroma.LiteralNumber), t == chroma.LiteralDate:
		return Number
	case t.InCategory(chroma.Comment):
		return Comment
	}
	return Plain
}

// Colour returns the theme's colour for the class (nil: the line's own).
func (c Class) Colour(s theme.Syntax) color.Color {
	switch c {
	case Keyword:
		return s.Keyword
	case Type:
		return s.Type
	case Builtin:
		return s.Builtin
	case Function:
		return s.Function
	case String:
		return s.String
	case Number:
		return s.Number
	case Comment:
		return s.Comment
	case Meta:
		return s.Meta
	case Tag:
		return s.Tag
	case Attribute:
		return s.Attribute
	case Heading:
		return s.Heading
	case Variable:
		return s.Variable
	}
	return nil
}
