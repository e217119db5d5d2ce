import Registry
import RegistryTesting
import Testing

/// Each test installs its own proxy for the same keyed spec, yields to let the others run, and
/// checks that it only ever sees its own instance. Run in parallel, any sharing of proxies or
/// instances between tests fails one of them.
@MainActor
func expectOwnInstance(_ owner: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
  greetingSpec.setProxy(ViewModelSpec(key: "greeting") { GreetingViewModel(owner: owner) })
  await Task.yield()
  let binding = ViewModelBinding(label: "test\(owner)")
  let first = binding.watch(greetingSpec)
  await Task.yield()
  let fromTask = await Task { @MainActor in ViewModelBinding().read(greetingSpec).owner }.value
  await Task.yield()
  #expect(first.owner == owner, sourceLocation: sourceLocation)
  #expect(fromTask == owner, sourceLocation: sourceLocation)
  #expect(ViewModelRegistry.current.liveInstanceCount == 1, sourceLocation: sourceLocation)
  binding.dispose()
  #expect(first.isDisposed, sourceLocation: sourceLocation)
}

@MainActor
@Suite(.registry) struct ParallelProxyTests {
  @Test func proxy000() async { await expectOwnInstance(0) }
  @Test func proxy001() async { await expectOwnInstance(1) }
  @Test func proxy002() async { await expectOwnInstance(2) }
  @Test func proxy003() async { await expectOwnInstance(3) }
  @Test func proxy004() async { await expectOwnInstance(4) }
  @Test func proxy005() async { await expectOwnInstance(5) }
  @Test func proxy006() async { await expectOwnInstance(6) }
  @Test func proxy007() async { await expectOwnInstance(7) }
  @Test func proxy008() async { await expectOwnInstance(8) }
  @Test func proxy009() async { await expectOwnInstance(9) }
  @Test func proxy010() async { await expectOwnInstance(10) }
  @Test func proxy011() async { await expectOwnInstance(11) }
  @Test func proxy012() async { await expectOwnInstance(12) }
  @Test func proxy013() async { await expectOwnInstance(13) }
  @Test func proxy014() async { await expectOwnInstance(14) }
  @Test func proxy015() async { await expectOwnInstance(15) }
  @Test func proxy016() async { await expectOwnInstance(16) }
  @Test func proxy017() async { await expectOwnInstance(17) }
  @Test func proxy018() async { await expectOwnInstance(18) }
  @Test func proxy019() async { await expectOwnInstance(19) }
  @Test func proxy020() async { await expectOwnInstance(20) }
  @Test func proxy021() async { await expectOwnInstance(21) }
  @Test func proxy022() async { await expectOwnInstance(22) }
  @Test func proxy023() async { await expectOwnInstance(23) }
  @Test func proxy024() async { await expectOwnInstance(24) }
  @Test func proxy025() async { await expectOwnInstance(25) }
  @Test func proxy026() async { await expectOwnInstance(26) }
  @Test func proxy027() async { await expectOwnInstance(27) }
  @Test func proxy028() async { await expectOwnInstance(28) }
  @Test func proxy029() async { await expectOwnInstance(29) }
  @Test func proxy030() async { await expectOwnInstance(30) }
  @Test func proxy031() async { await expectOwnInstance(31) }
  @Test func proxy032() async { await expectOwnInstance(32) }
  @Test func proxy033() async { await expectOwnInstance(33) }
  @Test func proxy034() async { await expectOwnInstance(34) }
  @Test func proxy035() async { await expectOwnInstance(35) }
  @Test func proxy036() async { await expectOwnInstance(36) }
  @Test func proxy037() async { await expectOwnInstance(37) }
  @Test func proxy038() async { await expectOwnInstance(38) }
  @Test func proxy039() async { await expectOwnInstance(39) }
  @Test func proxy040() async { await expectOwnInstance(40) }
  @Test func proxy041() async { await expectOwnInstance(41) }
  @Test func proxy042() async { await expectOwnInstance(42) }
  @Test func proxy043() async { await expectOwnInstance(43) }
  @Test func proxy044() async { await expectOwnInstance(44) }
  @Test func proxy045() async { await expectOwnInstance(45) }
  @Test func proxy046() async { await expectOwnInstance(46) }
  @Test func proxy047() async { await expectOwnInstance(47) }
  @Test func proxy048() async { await expectOwnInstance(48) }
  @Test func proxy049() async { await expectOwnInstance(49) }
  @Test func proxy050() async { await expectOwnInstance(50) }
  @Test func proxy051() async { await expectOwnInstance(51) }
  @Test func proxy052() async { await expectOwnInstance(52) }
  @Test func proxy053() async { await expectOwnInstance(53) }
  @Test func proxy054() async { await expectOwnInstance(54) }
  @Test func proxy055() async { await expectOwnInstance(55) }
  @Test func proxy056() async { await expectOwnInstance(56) }
  @Test func proxy057() async { await expectOwnInstance(57) }
  @Test func proxy058() async { await expectOwnInstance(58) }
  @Test func proxy059() async { await expectOwnInstance(59) }
  @Test func proxy060() async { await expectOwnInstance(60) }
  @Test func proxy061() async { await expectOwnInstance(61) }
  @Test func proxy062() async { await expectOwnInstance(62) }
  @Test func proxy063() async { await expectOwnInstance(63) }
  @Test func proxy064() async { await expectOwnInstance(64) }
  @Test func proxy065() async { await expectOwnInstance(65) }
  @Test func proxy066() async { await expectOwnInstance(66) }
  @Test func proxy067() async { await expectOwnInstance(67) }
  @Test func proxy068() async { await expectOwnInstance(68) }
  @Test func proxy069() async { await expectOwnInstance(69) }
  @Test func proxy070() async { await expectOwnInstance(70) }
  @Test func proxy071() async { await expectOwnInstance(71) }
  @Test func proxy072() async { await expectOwnInstance(72) }
  @Test func proxy073() async { await expectOwnInstance(73) }
  @Test func proxy074() async { await expectOwnInstance(74) }
  @Test func proxy075() async { await expectOwnInstance(75) }
  @Test func proxy076() async { await expectOwnInstance(76) }
  @Test func proxy077() async { await expectOwnInstance(77) }
  @Test func proxy078() async { await expectOwnInstance(78) }
  @Test func proxy079() async { await expectOwnInstance(79) }
  @Test func proxy080() async { await expectOwnInstance(80) }
  @Test func proxy081() async { await expectOwnInstance(81) }
  @Test func proxy082() async { await expectOwnInstance(82) }
  @Test func proxy083() async { await expectOwnInstance(83) }
  @Test func proxy084() async { await expectOwnInstance(84) }
  @Test func proxy085() async { await expectOwnInstance(85) }
  @Test func proxy086() async { await expectOwnInstance(86) }
  @Test func proxy087() async { await expectOwnInstance(87) }
  @Test func proxy088() async { await expectOwnInstance(88) }
  @Test func proxy089() async { await expectOwnInstance(89) }
  @Test func proxy090() async { await expectOwnInstance(90) }
  @Test func proxy091() async { await expectOwnInstance(91) }
  @Test func proxy092() async { await expectOwnInstance(92) }
  @Test func proxy093() async { await expectOwnInstance(93) }
  @Test func proxy094() async { await expectOwnInstance(94) }
  @Test func proxy095() async { await expectOwnInstance(95) }
  @Test func proxy096() async { await expectOwnInstance(96) }
  @Test func proxy097() async { await expectOwnInstance(97) }
  @Test func proxy098() async { await expectOwnInstance(98) }
  @Test func proxy099() async { await expectOwnInstance(99) }
  @Test func proxy100() async { await expectOwnInstance(100) }
  @Test func proxy101() async { await expectOwnInstance(101) }
  @Test func proxy102() async { await expectOwnInstance(102) }
  @Test func proxy103() async { await expectOwnInstance(103) }
  @Test func proxy104() async { await expectOwnInstance(104) }
  @Test func proxy105() async { await expectOwnInstance(105) }
  @Test func proxy106() async { await expectOwnInstance(106) }
  @Test func proxy107() async { await expectOwnInstance(107) }
  @Test func proxy108() async { await expectOwnInstance(108) }
  @Test func proxy109() async { await expectOwnInstance(109) }
  @Test func proxy110() async { await expectOwnInstance(110) }
  @Test func proxy111() async { await expectOwnInstance(111) }
  @Test func proxy112() async { await expectOwnInstance(112) }
  @Test func proxy113() async { await expectOwnInstance(113) }
  @Test func proxy114() async { await expectOwnInstance(114) }
  @Test func proxy115() async { await expectOwnInstance(115) }
  @Test func proxy116() async { await expectOwnInstance(116) }
  @Test func proxy117() async { await expectOwnInstance(117) }
  @Test func proxy118() async { await expectOwnInstance(118) }
  @Test func proxy119() async { await expectOwnInstance(119) }
  @Test func proxy120() async { await expectOwnInstance(120) }
  @Test func proxy121() async { await expectOwnInstance(121) }
  @Test func proxy122() async { await expectOwnInstance(122) }
  @Test func proxy123() async { await expectOwnInstance(123) }
  @Test func proxy124() async { await expectOwnInstance(124) }
  @Test func proxy125() async { await expectOwnInstance(125) }
  @Test func proxy126() async { await expectOwnInstance(126) }
  @Test func proxy127() async { await expectOwnInstance(127) }
  @Test func proxy128() async { await expectOwnInstance(128) }
  @Test func proxy129() async { await expectOwnInstance(129) }
  @Test func proxy130() async { await expectOwnInstance(130) }
  @Test func proxy131() async { await expectOwnInstance(131) }
  @Test func proxy132() async { await expectOwnInstance(132) }
  @Test func proxy133() async { await expectOwnInstance(133) }
  @Test func proxy134() async { await expectOwnInstance(134) }
  @Test func proxy135() async { await expectOwnInstance(135) }
  @Test func proxy136() async { await expectOwnInstance(136) }
  @Test func proxy137() async { await expectOwnInstance(137) }
  @Test func proxy138() async { await expectOwnInstance(138) }
  @Test func proxy139() async { await expectOwnInstance(139) }
  @Test func proxy140() async { await expectOwnInstance(140) }
  @Test func proxy141() async { await expectOwnInstance(141) }
  @Test func proxy142() async { await expectOwnInstance(142) }
  @Test func proxy143() async { await expectOwnInstance(143) }
  @Test func proxy144() async { await expectOwnInstance(144) }
  @Test func proxy145() async { await expectOwnInstance(145) }
  @Test func proxy146() async { await expectOwnInstance(146) }
  @Test func proxy147() async { await expectOwnInstance(147) }
  @Test func proxy148() async { await expectOwnInstance(148) }
  @Test func proxy149() async { await expectOwnInstance(149) }
  @Test func proxy150() async { await expectOwnInstance(150) }
  @Test func proxy151() async { await expectOwnInstance(151) }
  @Test func proxy152() async { await expectOwnInstance(152) }
  @Test func proxy153() async { await expectOwnInstance(153) }
  @Test func proxy154() async { await expectOwnInstance(154) }
  @Test func proxy155() async { await expectOwnInstance(155) }
  @Test func proxy156() async { await expectOwnInstance(156) }
  @Test func proxy157() async { await expectOwnInstance(157) }
  @Test func proxy158() async { await expectOwnInstance(158) }
  @Test func proxy159() async { await expectOwnInstance(159) }
  @Test func proxy160() async { await expectOwnInstance(160) }
  @Test func proxy161() async { await expectOwnInstance(161) }
  @Test func proxy162() async { await expectOwnInstance(162) }
  @Test func proxy163() async { await expectOwnInstance(163) }
  @Test func proxy164() async { await expectOwnInstance(164) }
  @Test func proxy165() async { await expectOwnInstance(165) }
  @Test func proxy166() async { await expectOwnInstance(166) }
  @Test func proxy167() async { await expectOwnInstance(167) }
  @Test func proxy168() async { await expectOwnInstance(168) }
  @Test func proxy169() async { await expectOwnInstance(169) }
  @Test func proxy170() async { await expectOwnInstance(170) }
  @Test func proxy171() async { await expectOwnInstance(171) }
  @Test func proxy172() async { await expectOwnInstance(172) }
  @Test func proxy173() async { await expectOwnInstance(173) }
  @Test func proxy174() async { await expectOwnInstance(174) }
  @Test func proxy175() async { await expectOwnInstance(175) }
  @Test func proxy176() async { await expectOwnInstance(176) }
  @Test func proxy177() async { await expectOwnInstance(177) }
  @Test func proxy178() async { await expectOwnInstance(178) }
  @Test func proxy179() async { await expectOwnInstance(179) }
  @Test func proxy180() async { await expectOwnInstance(180) }
  @Test func proxy181() async { await expectOwnInstance(181) }
  @Test func proxy182() async { await expectOwnInstance(182) }
  @Test func proxy183() async { await expectOwnInstance(183) }
  @Test func proxy184() async { await expectOwnInstance(184) }
  @Test func proxy185() async { await expectOwnInstance(185) }
  @Test func proxy186() async { await expectOwnInstance(186) }
  @Test func proxy187() async { await expectOwnInstance(187) }
  @Test func proxy188() async { await expectOwnInstance(188) }
  @Test func proxy189() async { await expectOwnInstance(189) }
  @Test func proxy190() async { await expectOwnInstance(190) }
  @Test func proxy191() async { await expectOwnInstance(191) }
  @Test func proxy192() async { await expectOwnInstance(192) }
  @Test func proxy193() async { await expectOwnInstance(193) }
  @Test func proxy194() async { await expectOwnInstance(194) }
  @Test func proxy195() async { await expectOwnInstance(195) }
  @Test func proxy196() async { await expectOwnInstance(196) }
  @Test func proxy197() async { await expectOwnInstance(197) }
  @Test func proxy198() async { await expectOwnInstance(198) }
  @Test func proxy199() async { await expectOwnInstance(199) }
}
