package chakra

import (
	"sync"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
)

// The schema is the part of Chakra's execution-trace format that the
// traces use, restated from mlcommons/chakra schema/protobuf/et_def.proto
// (proto3, package ChakraProtoMsg) with the real message, field and enum
// names and numbers: GlobalMetadata, AttributeProto (six of its value
// kinds), Node (without inputs and outputs, fields 8 and 9), NodeType and
// CollectiveCommType. It is built in Go as a descriptorpb
// FileDescriptorProto and read with dynamicpb, so the repository holds no
// generated code and no copy of Chakra's .proto: protoc-gen-go output
// would have to be regenerated and reviewed whenever Chakra moves, and a
// wire format this small is easier to audit as the table below.
// testdata/et_def.proto states the same facts for protoc, which the tests
// decode the traces with.

// Message and enum names (ChakraProtoMsg.<name>).
const (
	msgGlobalMetadata = "GlobalMetadata"
	msgAttribute      = "AttributeProto"
	msgNode           = "Node"
	enumNodeType      = "NodeType"
	enumCommType      = "CollectiveCommType"
)

// field is one field of a message in the schema.
type field struct {
	name   string
	number int32
	typ    descriptorpb.FieldDescriptorProto_Type
	// typeName is the message or enum of a TYPE_MESSAGE or TYPE_ENUM field.
	typeName string
	repeated bool
	// oneof is the index of the field's oneof in its message, or -1.
	oneof int32
}

// enumValue is one value of an enum in the schema.
type enumValue struct {
	name   string
	number int32
}

var (
	tString = descriptorpb.FieldDescriptorProto_TYPE_STRING
	tInt32  = descriptorpb.FieldDescriptorProto_TYPE_INT32
	tInt64  = descriptorpb.FieldDescriptorProto_TYPE_INT64
	tUint32 = descriptorpb.FieldDescriptorProto_TYPE_UINT32
	tUint64 = descriptorpb.FieldDescriptorProto_TYPE_UINT64
	tBool   = descriptorpb.FieldDescriptorProto_TYPE_BOOL
	tMsg    = descriptorpb.FieldDescriptorProto_TYPE_MESSAGE
	tEnum   = descriptorpb.FieldDescriptorProto_TYPE_ENUM
)

// messages lists the schema's messages and their fields, in field-number
// order. With MarshalOptions.Deterministic, protobuf-go writes a dynamic
// message's fields by number (fields outside a oneof first, which here is
// the same order; without it, in Go map order), as protobuf's C++ library
// does, so a trace does not depend on the library that wrote it.
var messages = []struct {
	name   string
	oneofs []string
	fields []field
}{
	{msgAttribute, []string{"value"}, []field{
		{name: "name", number: 1, typ: tString, oneof: -1},
		{name: "doc_string", number: 2, typ: tString, oneof: -1},
		{name: "int32_val", number: 7, typ: tInt32, oneof: 0},
		{name: "int64_val", number: 9, typ: tInt64, oneof: 0},
		{name: "uint32_val", number: 11, typ: tUint32, oneof: 0},
		{name: "uint64_val", number: 13, typ: tUint64, oneof: 0},
		{name: "bool_val", number: 27, typ: tBool, oneof: 0},
		{name: "string_val", number: 29, typ: tString, oneof: 0},
	}},
	{msgGlobalMetadata, nil, []field{
		{name: "version", number: 1, typ: tString, oneof: -1},
		{name: "attr", number: 2, typ: tMsg, typeName: msgAttribute, repeated: true, oneof: -1},
	}},
	{msgNode, nil, []field{
		{name: "id", number: 1, typ: tUint64, oneof: -1},
		{name: "name", number: 2, typ: tString, oneof: -1},
		{name: "type", number: 3, typ: tEnum, typeName: enumNodeType, oneof: -1},
		{name: "ctrl_deps", number: 4, typ: tUint64, repeated: true, oneof: -1},
		{name: "data_deps", number: 5, typ: tUint64, repeated: true, oneof: -1},
		{name: "start_time_micros", number: 6, typ: tUint64, oneof: -1},
		{name: "duration_micros", number: 7, typ: tUint64, oneof: -1},
		{name: "attr", number: 10, typ: tMsg, typeName: msgAttribute, repeated: true, oneof: -1},
	}},
}

// enums lists the schema's enums with every value Chakra defines.
var enums = []struct {
	name   string
	values []enumValue
}{
	{enumNodeType, []enumValue{
		{"INVALID_NODE", 0}, {"METADATA_NODE", 1}, {"MEM_LOAD_NODE", 2}, {"MEM_STORE_NODE", 3},
		{"COMP_NODE", 4}, {"COMM_SEND_NODE", 5}, {"COMM_RECV_NODE", 6}, {"COMM_COLL_NODE", 7},
		{"STORAGE_NODE", 8}, {"BATCH_NODE", 9}, {"CHECKPOINT_NODE", 10},
	}},
	{enumCommType, []enumValue{
		{"ALL_REDUCE", 0}, {"REDUCE", 1}, {"ALL_GATHER", 2}, {"GATHER", 3}, {"SCATTER", 4},
		{"BROADCAST", 5}, {"ALL_TO_ALL", 6}, {"REDUCE_SCATTER", 7}, {"REDUCE_SCATTER_BLOCK", 8},
		{"BARRIER", 9},
	}},
}

// fileDescriptorProto returns the schema as a FileDescriptorProto.
func fileDescriptorProto() *descriptorpb.FileDescriptorProto {
	fd := &descriptorpb.FileDescriptorProto{
		Name:    proto.String("et_def.proto"),
		Package: proto.String("ChakraProtoMsg"),
		Syntax:  proto.String("proto3"),
	}
	for _, e := range enums {
		ed := &descriptorpb.EnumDescriptorProto{Name: proto.String(e.name)}
		for _, v := range e.values {
			ed.Value = append(ed.Value, &descriptorpb.EnumValueDescriptorProto{Name: proto.String(v.name), Number: proto.Int32(v.number)})
		}
		fd.EnumType = append(fd.EnumType, ed)
	}
	for _, m := range messages {
		md := &descriptorpb.DescriptorProto{Name: proto.String(m.name)}
		for _, o := range m.oneofs {
			md.OneofDecl = append(md.OneofDecl, &descriptorpb.OneofDescriptorProto{Name: proto.String(o)})
		}
		for _, f := range m.fields {
			label := descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL
			if f.repeated {
				label = descriptorpb.FieldDescriptorProto_LABEL_REPEATED
			}
			p := &descriptorpb.FieldDescriptorProto{Name: proto.String(f.name), Number: proto.Int32(f.number),
				Label: label.Enum(), Type: f.typ.Enum(), JsonName: proto.String(jsonName(f.name))}
			if f.typeName != "" {
				p.TypeName = proto.String(".ChakraProtoMsg." + f.typeName)
			}
			if f.oneof >= 0 {
				p.OneofIndex = proto.Int32(f.oneof)
			}
			md.Field = append(md.Field, p)
		}
		fd.MessageType = append(fd.MessageType, md)
	}
	return fd
}

// jsonName is protoc's lowerCamelCase JSON name of a field ("ctrl_deps"
// → "ctrlDeps").
func jsonName(s string) string {
	out := make([]byte, 0, len(s))
	up := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_':
			up = true
		case up && c >= 'a' && c <= 'z':
			out = append(out, c-'a'+'A')
			up = false
		default:
			out = append(out, c)
			up = false
		}
	}
	return string(out)
}

// schema is the file descriptor, built once.
var schema = sync.OnceValue(func() protoreflect.FileDescriptor {
	f, err := protodesc.NewFile(fileDescriptorProto(), nil)
	if err != nil {
		panic("chakra: schema: " + err.Error()) // a bug in the table above
	}
	return f
})

// message returns the descriptor of message name.
func message(name string) protoreflect.MessageDescriptor {
	return schema().Messages().ByName(protoreflect.Name(name))
}

// enumNumber returns the number of value name of enum e.
func enumNumber(e, name string) protoreflect.EnumNumber {
	return schema().Enums().ByName(protoreflect.Name(e)).Values().ByName(protoreflect.Name(name)).Number()
}
