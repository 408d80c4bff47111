fabric "c" {
}
